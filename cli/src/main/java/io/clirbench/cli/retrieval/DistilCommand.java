package io.clirbench.cli.retrieval;

import io.clirbench.cli.FollowSymlinksOption;
import io.clirbench.core.distil.MoCatalog;
import io.clirbench.encoders.ModelCardException;
import io.clirbench.encoders.distil.Distil;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench distil}: a static cross-lingual student of a built-in encoder, fitted on Debian message catalogues. The
 * work is the encoders library's {@link Distil}, in this process: the teacher runs through the pipeline an embedder
 * runs, and the student is checked by loading its card as an embedder does.
 */
@Command(name = "distil", mixinStandardHelpOptions = true,
        description = {"Distils a static cross-lingual student (one vector per token) from a teacher encoder on the "
                + "msgid -> msgstr pairs of Debian packages' message catalogues.",
                "Fetch the packages first (no root needed): apt-get download coreutils tar grep sed findutils dpkg apt bash "
                        + "diffutils wget gettext-base. Writes OUT/model.json (kind static, training provenance, held-out "
                        + "numbers), OUT/weights.f32 and OUT/vocabulary.txt; plug it in with bench model add OUT."})
public final class DistilCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;
    @Option(names = "--debs", required = true, description = "directory of .deb files")
    Path debs;
    @Option(names = "--out", required = true, description = "directory to write the model into")
    Path out;
    @Option(names = "--id", description = "model id (default: the name of --out)")
    String id;
    @Option(names = "--teacher", description = "a built-in model id or a card path (default: ${DEFAULT-VALUE})")
    String teacher = "all-minilm-l6-v2";
    @Option(names = "--languages", description = "locale directories of the catalogues (default: ${DEFAULT-VALUE})")
    String languages = "de,fr,es,zh_CN";
    @Option(names = "--lambda", description = "ridge term (default: ${DEFAULT-VALUE})")
    double lambda = 0.005;
    @Option(names = "--iterations", description = "most conjugate-gradient iterations (default: ${DEFAULT-VALUE})")
    int iterations = 300;
    @Option(names = "--held-out", description = "share of English sentences held out with their translations (default: ${DEFAULT-VALUE})")
    double heldOut = 0.1;
    @Option(names = "--seed", description = "seed of the held-out split (default: ${DEFAULT-VALUE})")
    long seed = 7;
    @Option(names = "--threads", description = "the teacher's ONNX Runtime threads (default: ${DEFAULT-VALUE})")
    int threads = 2;
    @Mixin
    FollowSymlinksOption links;

    /** The files {@link Distil} writes into OUT. */
    static final List<String> FILES = List.of("model.json", "weights.f32", "vocabulary.txt");

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        List<Path> inputs = new ArrayList<>(List.of(debs));
        if (teacher.contains("/") && !teacher.startsWith("classpath:")) {
            Path card = Path.of(teacher).toAbsolutePath();
            inputs.addAll(List.of(card, card.getParent())); // a card path, its model files beside it
        }
        Path target = links.check(out, inputs, FollowSymlinksOption.inside(out, FILES));
        Path dir = out.toAbsolutePath().normalize();
        Distil.Options options = new Distil.Options(debs.toAbsolutePath(), target.toAbsolutePath().normalize(),
                id != null ? id : dir.getFileName().toString(), teacherCard(teacher), List.of(languages.split(",")), lambda,
                iterations, heldOut, seed, threads);
        PrintWriter log = spec.commandLine().getOut();
        ModelCommand.noDownloads();
        try {
            Distil.run(options, log);
        } catch (ModelCardException | MoCatalog.MoFormatException | IllegalArgumentException | IOException e) {
            log.flush();
            err.println(e.getMessage());
            err.println("bench distil: no model written (see above)");
            return 1;
        }
        log.printf(Locale.ROOT, "plug it in: ./bench model add %s%n", dir);
        log.flush();
        return 0;
    }

    /** A built-in id names its classpath card; anything with a slash or a classpath: prefix is a card already. */
    static String teacherCard(String teacher) {
        return teacher.contains("/") || teacher.startsWith("classpath:") ? teacher : "classpath:models/" + teacher + ".json";
    }
}
