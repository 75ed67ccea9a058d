package io.clirbench.encoders.distil;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.distil.RidgeFit;
import io.clirbench.core.distil.Segmenter;
import io.clirbench.encoders.Encoder;
import io.clirbench.encoders.ModelCard;
import io.clirbench.encoders.ModelCardReader;
import io.clirbench.encoders.Role;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code bench distil}'s work: Debian catalogues -> pairs -> the teacher's vectors of the English side (in process,
 * the encoders' own pipeline, as an embedder runs it) -> a {@link RidgeFit} of one vector per token -> {@code OUT/model.json} (kind
 * {@code static}, with the training data's provenance and the held-out numbers), {@code OUT/weights.f32},
 * {@code OUT/vocabulary.txt}. Called by {@code bench distil} (cli), in process.
 */
public final class Distil {

    static final ObjectMapper JSON = new ObjectMapper();

    /** What to train ({@code bench distil}'s options). */
    public record Options(Path debs, Path out, String id, String teacher, List<String> locales, double lambda,
                          int iterations, double heldOut, long seed, int threads) {
    }

    private Distil() {
    }

    public static ObjectNode run(Options o, PrintWriter log) throws Exception {
        long start = System.nanoTime();
        Path work = Files.createTempDirectory("distil-debs");
        DebianCatalogues.Catalogues catalogues = DebianCatalogues.read(o.debs(), o.locales(), work);
        ParallelSet set = ParallelSet.of(catalogues.pairs(), o.heldOut(), o.seed());
        log.printf(Locale.ROOT, "%d catalogue pairs from %d packages -> %d English sentences (%d held out), %d training pairs, %d held-out pairs%n",
                catalogues.pairs().size(), catalogues.provenance().size(), set.english().size(),
                set.english().size() - set.heldOutFrom(), set.pairCount(false), set.pairCount(true));
        ModelCard teacherCard = ModelCardReader.read(o.teacher());
        float[][] teacherEnglish;
        List<String> heldOutTexts = new ArrayList<>();
        float[][] teacherHeldOut;
        try (Encoder teacher = Encoder.load(teacherCard, o.threads(), "cpu")) {
            long t = System.nanoTime();
            teacherEnglish = teacher.embed(set.english(), Role.DOCUMENT, teacher.planner(8192, 64));
            for (int i = set.heldOutFrom(); i < set.english().size(); i++) {
                set.translations().get(i).forEach(tr -> heldOutTexts.add(tr.text()));
            }
            teacherHeldOut = teacher.embed(heldOutTexts, Role.DOCUMENT, teacher.planner(8192, 64));
            log.printf(Locale.ROOT, "teacher %s: %d texts in %.1f s%n", teacherCard.id(), set.english().size() + heldOutTexts.size(),
                    (System.nanoTime() - t) / 1e9);
        }
        Fitted fitted = fit(set, teacherEnglish, o, log);
        writeModel(o, fitted);
        ObjectNode card = card(o, teacherCard, catalogues, set, fitted);
        Path cardFile = o.out().resolve("model.json");
        Files.writeString(cardFile, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(card) + "\n");
        ObjectNode heldOut = evaluate(cardFile, set, teacherEnglish, heldOutTexts, teacherHeldOut, log);
        ((ObjectNode) card.get("training")).set("heldOut", heldOut);
        ((ObjectNode) card.get("training")).put("seconds", Math.round((System.nanoTime() - start) / 1e9));
        Files.writeString(cardFile, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(card) + "\n");
        log.printf(Locale.ROOT, "wrote %s (%d tokens x %d) in %.0f s%n", cardFile, fitted.vocabulary().size(),
                fitted.result().dimension(), (System.nanoTime() - start) / 1e9);
        return card;
    }

    /** The training rows: each training English sentence and each of its translations, all aimed at teacher(English). */
    record Fitted(List<String> vocabulary, RidgeFit.Result result, int rows, double seconds) {
    }

    static Fitted fit(ParallelSet set, float[][] teacherEnglish, Options o, PrintWriter log) {
        Map<String, Integer> ids = new LinkedHashMap<>();
        List<int[]> rows = new ArrayList<>();
        List<float[]> targets = new ArrayList<>();
        for (int i = 0; i < set.heldOutFrom(); i++) {
            rows.add(ids(Segmenter.tokens(set.english().get(i)), ids));
            targets.add(teacherEnglish[i]);
            for (ParallelSet.Translation tr : set.translations().get(i)) {
                rows.add(ids(Segmenter.tokens(tr.text()), ids));
                targets.add(teacherEnglish[i]);
            }
        }
        long t = System.nanoTime();
        RidgeFit.Result r = new RidgeFit(rows.toArray(int[][]::new), ids.size())
                .fit(targets.toArray(float[][]::new), o.lambda(), o.iterations(), 1e-4);
        double seconds = (System.nanoTime() - t) / 1e9;
        log.printf(Locale.ROOT, "fit: %d rows, %d tokens, lambda %s, %d CG iterations, relative residual %.2e, %.1f s%n",
                rows.size(), ids.size(), o.lambda(), r.iterations(), r.relativeResidual(), seconds);
        return new Fitted(List.copyOf(ids.keySet()), r, rows.size(), seconds);
    }

    private static int[] ids(List<String> tokens, Map<String, Integer> ids) {
        return tokens.stream().mapToInt(tk -> ids.computeIfAbsent(tk, k -> ids.size())).toArray();
    }

    static void writeModel(Options o, Fitted fitted) throws IOException {
        Files.createDirectories(o.out());
        Files.writeString(o.out().resolve("vocabulary.txt"), String.join("\n", fitted.vocabulary()) + "\n", StandardCharsets.UTF_8);
        float[] w = fitted.result().vectors();
        ByteBuffer bytes = ByteBuffer.allocate(w.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asFloatBuffer().put(w);
        Files.write(o.out().resolve("weights.f32"), bytes.array());
    }

    static ObjectNode card(Options o, ModelCard teacher, DebianCatalogues.Catalogues catalogues, ParallelSet set, Fitted fitted) {
        ObjectNode card = JSON.createObjectNode();
        Set<String> languages = new LinkedHashSet<>(List.of("en"));
        o.locales().forEach(l -> languages.add(ParallelSet.language(l)));
        Set<String> licenses = new LinkedHashSet<>();
        catalogues.provenance().forEach(p -> licenses.add(p.license()));
        card.put("kind", "static").put("id", o.id())
                .put("description", "Static cross-lingual student of " + teacher.id() + ": one vector per token (ICU words, Han by "
                        + "character, lower case), a text's vector the normalised mean of its tokens'; fitted by ridge least squares "
                        + "to the teacher's vectors of the English side of Debian message catalogues.")
                .put("license", "derived from Debian message catalogues under " + String.join(", ", licenses)
                        + " (per package in training.packages) and from the teacher " + teacher.id())
                .put("source", "bench distil");
        ArrayNode langs = card.putArray("languages");
        languages.forEach(langs::add);
        card.put("weights", "weights.f32").put("vocabulary", "vocabulary.txt").put("dimension", fitted.result().dimension())
                .put("normalize", true);
        ObjectNode training = card.putObject("training");
        training.put("teacher", teacher.id()).put("teacherCard", o.teacher()).put("teacherRole", "DOCUMENT")
                .put("method", "ridge least squares, conjugate gradients on the normal equations (bench-core distil.RidgeFit)")
                .put("lambda", o.lambda()).put("iterations", fitted.result().iterations())
                .put("relativeResidual", fitted.result().relativeResidual()).put("rows", fitted.rows())
                .put("fitSeconds", Math.round(fitted.seconds())).put("heldOutShare", o.heldOut()).put("seed", o.seed())
                .put("englishSentences", set.english().size()).put("heldOutEnglishSentences", set.english().size() - set.heldOutFrom());
        Map<String, Integer> perLanguage = new TreeMap<>();
        for (List<ParallelSet.Translation> list : set.translations()) {
            list.forEach(tr -> perLanguage.merge(tr.language(), 1, Integer::sum));
        }
        ObjectNode pairs = training.putObject("pairs");
        perLanguage.forEach(pairs::put);
        training.set("packages", JSON.valueToTree(catalogues.provenance()));
        return card;
    }

    static ObjectNode evaluate(Path cardFile, ParallelSet set, float[][] teacherEnglish, List<String> heldOutTexts,
                               float[][] teacherHeldOut, PrintWriter log) throws Exception {
        int from = set.heldOutFrom();
        int n = set.english().size() - from;
        if (n == 0) {
            log.println("held out: nothing (--held-out 0)");
            return JSON.createObjectNode().put("englishSentences", 0);
        }
        float[][] teacherEn = java.util.Arrays.copyOfRange(teacherEnglish, from, from + n);
        List<HeldOutEvaluation.Item> items = new ArrayList<>();
        float[][] studentEn;
        try (Encoder student = Encoder.load(ModelCardReader.read(cardFile), 1, "cpu")) {
            studentEn = student.embed(set.english().subList(from, from + n), Role.DOCUMENT, student.planner(8192, 256));
            float[][] studentTr = student.embed(heldOutTexts, Role.DOCUMENT, student.planner(8192, 256));
            int k = 0;
            for (int i = 0; i < n; i++) {
                for (ParallelSet.Translation tr : set.translations().get(from + i)) {
                    items.add(new HeldOutEvaluation.Item(tr.language(), i, studentTr[k], teacherHeldOut[k]));
                    k++;
                }
            }
        }
        double cosEnglish = 0;
        for (int i = 0; i < n; i++) {
            cosEnglish += HeldOutEvaluation.dot(studentEn[i], teacherEn[i]);
        }
        ObjectNode out = JSON.createObjectNode();
        out.put("englishSentences", n).put("cosineStudentEnglishToTeacher", cosEnglish / n);
        log.printf(Locale.ROOT, "held out: %d English sentences, mean cos(student(en), teacher(en)) %.3f%n", n, cosEnglish / n);
        log.println("lang  pairs  cos(S(tr),T(en))  cos(T(tr),T(en))  P@1 S->S  P@1 T->T  P@1 S->T");
        HeldOutEvaluation.score(items, studentEn, teacherEn).forEach((lang, s) -> {
            out.set(lang, JSON.valueToTree(s));
            log.printf(Locale.ROOT, "%-4s %6d  %16.3f  %16.3f  %8.3f  %8.3f  %8.3f%n", lang, s.pairs(), s.cosineStudentToTeacher(),
                    s.cosineTeacherToTeacher(), s.p1Student(), s.p1Teacher(), s.p1StudentToTeacher());
        });
        return out;
    }
}
