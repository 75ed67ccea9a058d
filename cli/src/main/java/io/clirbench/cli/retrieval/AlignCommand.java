package io.clirbench.cli.retrieval;

import io.clirbench.cli.GatewayOptions;
import io.clirbench.cli.LexiconCacheOption;
import io.clirbench.cli.StackOptions;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.cli.gateway.GatewayClient;
import io.clirbench.core.align.AdapterMatrix;
import io.clirbench.core.align.Procrustes;
import io.clirbench.core.io.StrictText;
import io.clirbench.core.lexicon.LanguagePair;
import io.clirbench.core.lexicon.Lexicon;
import io.clirbench.core.lexicon.LexiconCache;
import io.clirbench.core.lexicon.Terms;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench align}: learns one orthogonal map per language into the pivot's embedding space (bench-core
 * {@link Procrustes}) from bilingual lexicon pairs only (never benchmark text), embedded by the model through
 * the running gateway, and writes the adapters and a card naming them ({@code adapters}, {@code adapterPivot})
 * into {@code <state-dir>/models/MODEL/}, which {@code bench up} then gives the model's embedder.
 */
@Command(name = "align", mixinStandardHelpOptions = true,
        description = "Learns language adapters (orthogonal Procrustes on embedded lexicon pairs) for one model.")
public class AlignCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;
    @Mixin
    StackOptions stack;

    @Mixin
    GatewayOptions gatewayOptions;
    @Option(names = "--model", required = true, description = "model id (a built-in card, or --card)")
    String model;
    @Option(names = "--pivot", description = "language the adapters map into (default: ${DEFAULT-VALUE})")
    String pivot = "en";
    @Option(names = "--pairs", split = ",", required = true, paramLabel = "SRC-PIVOT", description = "lexicon directions, e.g. de-en,es-en")
    List<String> pairs;
    @Mixin
    LexiconCacheOption cache;
    @Option(names = "--card", paramLabel = "FILE", description = "the model's card (default: the built-in card of --model)")
    Path card;
    @Option(names = "--out", paramLabel = "DIR", description = "where the adapters and card go (default: <state-dir>/models/MODEL)")
    Path out;
    @Option(names = "--words", description = "lexicon pairs per language, 10%% of them held out (default: ${DEFAULT-VALUE})")
    int words = 3000;
    @Option(names = "--seed", description = "seed of the sample of pairs (default: ${DEFAULT-VALUE})")
    long seed = 7;

    /** Embedding requests carry at most this many texts. */
    static final int CHUNK = 512;

    @Override
    public Integer call() throws Exception {
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path cardFile = card != null ? card : StackOptions.home().resolve("encoders/src/main/resources/models/" + model + ".json");
        if (!Files.isRegularFile(cardFile)) {
            err.println(cardFile + ": no model card (give --card FILE)");
            return 1;
        }
        ObjectMapper json = new ObjectMapper();
        ObjectNode cardJson;
        try (var in = Files.newInputStream(cardFile)) {
            cardJson = (ObjectNode) json.readTree(StrictText.read(in));
        } catch (StrictText.InvalidUtf8Exception e) {
            err.println(cardFile + " " + e.getMessage()); // "card.json line 3: invalid UTF-8: byte 0xC0 at byte offset 12"
            return 1;
        }
        LexiconCache lexicons = new LexiconCache(cache.dir(stack));
        GatewayClient client = gatewayOptions.client(stack);
        Path dir = out != null ? out : stack.stateDir().resolve("models").resolve(model);
        Files.createDirectories(dir);
        absolutise(cardJson, cardFile);
        ObjectNode adapters = cardJson.putObject("adapters");
        cardJson.put("adapterPivot", pivot);
        for (String text : pairs) {
            LanguagePair pair = LanguagePair.parse(text);
            if (!pair.target().equals(pivot)) {
                err.println(text + ": the target must be the pivot '" + pivot + "'");
                return 2;
            }
            Lexicon lexicon = lexicons.find(pair).orElse(null);
            if (lexicon == null) {
                err.println(pair + ": no lexicon in " + lexicons.dir() + " (bench dict fetch --pairs " + pair + ")");
                return 1;
            }
            List<String[]> sample = sample(lexicon);
            int held = Math.max(1, sample.size() / 10);
            float[][] src = embed(client, sample.stream().map(p -> p[0]).toList());
            float[][] tgt = embed(client, sample.stream().map(p -> p[1]).toList());
            float[][] trainSrc = java.util.Arrays.copyOfRange(src, held, src.length);
            float[][] trainTgt = java.util.Arrays.copyOfRange(tgt, held, tgt.length);
            AdapterMatrix w = Procrustes.fit(trainSrc, trainTgt);
            String file = "adapter-" + pair.source() + ".f32";
            w.write(dir.resolve(file));
            adapters.put(pair.source(), file);
            o.printf(Locale.ROOT, "%s: %d pairs (%d held out); held-out mean cosine to the translation %.3f before, %.3f after%n",
                    pair, sample.size(), held, meanCosine(src, tgt, held, null), meanCosine(src, tgt, held, w));
        }
        Path written = dir.resolve("model.json");
        json.writerWithDefaultPrettyPrinter().writeValue(written.toFile(), cardJson);
        o.println("card with adapters: " + written);
        o.println("restart the model's embedder to use it: ./bench down && ./bench up (bench up gives an embedder the card in "
                + stack.stateDir().resolve("models") + "/MODEL/ when there is one; on Kubernetes mount the folder and set EMBEDDER_MODEL_CARD)");
        o.println("then run " + model + "+align/exact");
        return 0;
    }

    /** Pairs (headword, first translation) of single words, seeded shuffle, at most {@link #words}. */
    private List<String[]> sample(Lexicon lexicon) {
        List<String[]> all = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : lexicon.entries().entrySet()) {
            String t = e.getValue().getFirst();
            if (Terms.words(e.getKey()).size() == 1 && Terms.words(t).size() == 1 && e.getKey().length() > 1
                    && e.getKey().codePoints().allMatch(Character::isLetter) && t.codePoints().allMatch(Character::isLetter)) {
                all.add(new String[] {e.getKey(), t});
            }
        }
        Collections.shuffle(all, new Random(seed));
        return all.subList(0, Math.min(words, all.size()));
    }

    private float[][] embed(GatewayClient client, List<String> texts) {
        float[][] out = new float[texts.size()][];
        for (int from = 0; from < texts.size(); from += CHUNK) {
            float[][] part = client.embed(model, texts.subList(from, Math.min(texts.size(), from + CHUNK)), "DOCUMENT");
            System.arraycopy(part, 0, out, from, part.length);
        }
        return out;
    }

    private static double meanCosine(float[][] src, float[][] tgt, int held, AdapterMatrix w) {
        double sum = 0;
        for (int i = 0; i < held; i++) {
            float[] a = w == null ? src[i] : w.apply(src[i]);
            double dot = 0;
            double na = 0;
            double nb = 0;
            for (int j = 0; j < a.length; j++) {
                dot += a[j] * tgt[i][j];
                na += a[j] * a[j];
                nb += tgt[i][j] * tgt[i][j];
            }
            sum += dot / Math.sqrt(na * nb);
        }
        return sum / held;
    }

    /** Relative onnx / tokenizer (static model: weights / vocabulary) paths of a card file become absolute (the new card lives elsewhere). */
    private static void absolutise(ObjectNode card, Path cardFile) {
        for (String field : List.of("onnx", "tokenizer", "weights", "vocabulary")) {
            String v = card.path(field).asText("");
            if (!v.isEmpty() && !v.startsWith("classpath:") && !Path.of(v).isAbsolute()) {
                card.put(field, cardFile.toAbsolutePath().getParent().resolve(v).normalize().toString());
            }
        }
    }
}
