package io.clirbench.cli.retrieval;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.cli.StackOptions;
import io.clirbench.encoders.ModelCard;
import io.clirbench.encoders.ModelCardException;
import io.clirbench.encoders.ModelImport;
import io.clirbench.encoders.Vectors;
import io.clirbench.encoders.remote.CatalogueCard;
import io.clirbench.encoders.remote.RemoteCardImport;
import io.clirbench.encoders.remote.RemoteEndpointException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bench model}: plugging models into the embedders. */
@Command(name = "model", mixinStandardHelpOptions = true, description = "Plugs models into the embedders.",
        subcommands = {ModelCommand.Add.class})
public final class ModelCommand {

    /**
     * The tokenizers library (DJL) never goes to the network: its native library is in its jar, and the weights are
     * the card's files (as the embedder runs it, {@code -Dai.djl.offline=true}); an explicit setting wins.
     */
    static void noDownloads() {
        if (System.getProperty("ai.djl.offline") == null) {
            System.setProperty("ai.djl.offline", "true");
        }
    }

    /**
     * {@code bench model add DIR}: a sentence-transformers ONNX export becomes a validated model card. The work (reading
     * the export, validating the card, embedding a probe through the real ONNX pipeline) is the encoders library's
     * {@link ModelImport} ({@link RemoteCardImport} for a served model), in this process: the code an embedder reads
     * cards with, so the card is checked exactly as an embedder will read it.
     */
    @Command(name = "add", mixinStandardHelpOptions = true,
            description = {"Turns a sentence-transformers ONNX export into a validated model card, embeds a probe sentence, "
                    + "and prints the card and how to start an embedder for it.",
                    "DIR holds model.onnx, tokenizer.json, modules.json, 1_Pooling/config.json, "
                    + "config_sentence_transformers.json and sentence_bert_config.json, or is a static model written by "
                    + "bench distil (model.json with \"kind\": \"static\", weights.f32, vocabulary.txt). Writes DIR/model.json and "
                    + "<state-dir>/models/ID/model.json.",
                    "With --remote URL (no DIR): a served model (kind \"remote\"): the card points the embedder at an OpenAI-compatible "
                    + "or TEI endpoint; it is validated, the probe is embedded through the endpoint (unless --no-probe), and the card "
                    + "is written to <state-dir>/models/ID/model.json (--id required). --card FILE lends a catalogue card's "
                    + "conventions (prefixes, instruction, max tokens, normalisation, dimension) to the served model."})
    static final class Add implements Callable<Integer> {

        private static final ObjectMapper JSON = new ObjectMapper();

        @Spec
        CommandSpec spec;
        @Mixin
        StackOptions stack;
        @Parameters(paramLabel = "DIR", arity = "0..1", description = "the export directory (none with --remote)")
        Path dir;
        @Mixin
        RemoteModelOptions remote;
        @Option(names = "--id", description = "model id (default: the directory's name)")
        String id;
        @Option(names = "--languages", split = ",", description = "ISO 639-1 codes, or multilingual (default: ${DEFAULT-VALUE})")
        List<String> languages = List.of("multilingual");
        @Option(names = "--probe", description = "sentence embedded to check the model (default: ${DEFAULT-VALUE})")
        String probe = "Which river flows through Berlin?";

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            if (remote.given() == (dir != null)) {
                err.println("bench model add: give either DIR (a model on disk) or --remote URL (a served model), not "
                        + (dir == null ? "neither" : "both"));
                return 2;
            }
            if (remote.given() && id == null) {
                err.println("bench model add --remote: --id is required (the name of the model in runs, e.g. bge-m3-tei)");
                return 2;
            }
            Path export = remote.given() ? null : dir.toAbsolutePath().normalize();
            String model = id != null ? id : export.getFileName().toString();
            Path card = stack.stateDir().resolve("models").resolve(model).resolve("model.json");
            noDownloads();
            try {
                if (remote.given()) {
                    importRemote(model, card, out);
                } else {
                    importExport(export, model, card, out);
                }
            } catch (ModelCardException | RemoteEndpointException | IOException e) {
                err.println(e.getMessage());
                err.println("bench model add: " + (remote.given() ? "the card for " + model : export) + " was not written (see above)");
                return 1;
            }
            out.print(remote.given() ? howToStartRemote(model) : howToStart(model, export));
            out.flush();
            return 0;
        }

        /** A model on disk: the card written beside it and in the state directory, the probe embedded. */
        private void importExport(Path export, String model, Path card, PrintWriter out) throws Exception {
            ModelImport.Result r = ModelImport.run(export, model, languages, card, probe);
            out.print(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(r.card()) + "\n");
            r.notes().forEach(n -> out.println("note: " + n));
            out.println("card written to " + r.dirCard() + " (paths relative to it) and " + r.stackCard() + " (local stack)");
            out.printf(Locale.ROOT, "probe \"%s\": %d dimensions, norm %.4f; QUERY %s..., DOCUMENT %s...%n", probe,
                    r.queryVector().length, Vectors.norm(r.queryVector()), head(r.queryVector()), head(r.documentVector()));
            ModelCard v = r.validated();
            out.println("pooling " + v.poolingDescription() + ", normalize " + v.normalize() + ", maxTokens " + v.maxTokens()
                    + ", query template \"" + v.queryTemplate() + "\", document template \"" + v.documentTemplate() + "\"");
        }

        /** A served model: the card in the state directory, the probe embedded through the endpoint unless --no-probe. */
        private void importRemote(String model, Path card, PrintWriter out) throws Exception {
            var json = remote.card(model, languages);
            if (remote.catalogue() != null) {
                CatalogueCard.lend(json, remote.catalogue());
            }
            RemoteCardImport.Result r = RemoteCardImport.run(card, remote.noProbe ? null : probe, json, System.getenv());
            out.print(Files.readString(card) + "\n");
            out.println("card written to " + card + " (local stack)");
            if (r.queryVector() != null) {
                out.printf(Locale.ROOT, "probe \"%s\" through %s: %d dimensions, QUERY norm %.4f, DOCUMENT norm %.4f%n", probe,
                        r.card().endpoint().url(), r.queryVector().length, Vectors.norm(r.queryVector()),
                        Vectors.norm(r.documentVector()));
            } else {
                out.println("no probe: the endpoint was not called");
            }
        }

        private static String head(float[] v) {
            return Arrays.toString(Arrays.copyOf(v, Math.min(4, v.length)));
        }

        /** How to start an embedder in front of a served model. */
        static String howToStartRemote(String model) {
            return String.format(Locale.ROOT, """

                    Start an embedder in front of the endpoint for %1$s:
                      local stack:  ./bench up --models %1$s            (bench up reads <state-dir>/models/%1$s/model.json)
                      Kubernetes:   k8s/components/tei and k8s/README.md, "A served model (TEI)" (TEI on a GPU node, an
                                    embedder in front of it with the card in a ConfigMap and the token from a Secret)
                      then use it as a retriever: %1$s/exact, %1$s/hnsw, or in rerank(bm25,%1$s,100)
                    """, model);
        }

        /** The two ways to start an embedder for the card. */
        static String howToStart(String model, Path export) {
            String suffix = model.replace('.', '-').toLowerCase(Locale.ROOT);
            return String.format(Locale.ROOT, """

                    Start an embedder for %1$s:
                      local stack:  ./bench up --models %1$s            (bench up reads <state-dir>/models/%1$s/model.json;
                                    add the built-in models you also want, comma-separated)
                      Kubernetes:   copy %2$s (with its model.json) onto the embedder-models volume as /models/%1$s,
                                    then add k8s/overlays/gpu/models/%1$s/kustomization.yaml with nameSuffix -%3$s, the label
                                    clirbench.io/model: %1$s and EMBEDDER_MODEL_CARD=/models/%1$s/model.json, and the line
                                    '- models/%1$s' to k8s/overlays/gpu/kustomization.yaml (k8s/README.md, "Adding a model").
                      then use it as a retriever: %1$s/exact, %1$s/hnsw, or in rerank(bm25,%1$s,100);
                                    %1$s/sparse and %1$s/maxsim where its card declares sparse or multivector outputs
                    """, model, export, suffix);
        }
    }
}
