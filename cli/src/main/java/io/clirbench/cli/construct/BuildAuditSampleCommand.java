package io.clirbench.cli.construct;

import io.clirbench.core.construct.audit.AuditSample;
import io.clirbench.core.dataset.EntityReader;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.model.Document;
import io.clirbench.core.io.Csv;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bench build audit-sample}: a seeded, blind sample of QAC questions for human annotators. */
@Command(name = "audit-sample", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Write a seeded sample of a QAC CSV's questions for a blind human audit: sample_id, qac_row, corpus_id, "
                + "question_language, mode, passage, question, answer, rubric, and empty human_score (0-10; 0-3 rejects), annotator "
                + "and comment columns. The verifier's scores are left out; bench build agreement joins them back by qac_row."})
public class BuildAuditSampleCommand implements Callable<Integer> {

    static final List<String> COLUMNS = List.of("sample_id", "qac_row", "corpus_id", "question_language", "mode", "passage", "question",
            "answer", "rubric", "human_score", "annotator", "comment");

    @Option(names = "--qac", required = true, paramLabel = "FILE", description = "The QAC CSV (bench build qac's qac.csv, or ChemCLIR's).")
    Path qac;

    @Option(names = "--corpus", paramLabel = "FILE", description = "The corpus, for the passages (without it the passage column says so).")
    Path corpus;

    @Option(names = "--size", defaultValue = "50", paramLabel = "N", description = "Questions in the sample (default: ${DEFAULT-VALUE}).")
    int size;

    @Option(names = "--seed", defaultValue = "42", paramLabel = "S", description = "Seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--stratify", defaultValue = "mode,language", paramLabel = "BY",
            description = "mode,language (strata take turns) or none (default: ${DEFAULT-VALUE}).")
    String stratify;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The annotators' CSV to write.")
    Path out;

    @Override
    public Integer call() throws IOException {
        if (size < 1) {
            throw new IllegalArgumentException("--size must be at least 1, was " + size);
        }
        if (!stratify.equals("mode,language") && !stratify.equals("none")) {
            throw new IllegalArgumentException("--stratify '" + stratify + "' is not mode,language or none");
        }
        List<AuditSample.Row> rows = QacCsv.read(qac, List.of("corpus_id", "question_language", "mode", "question", "answer"));
        Map<String, String> passages = new HashMap<>();
        if (corpus != null) {
            Problems problems = new Problems();
            for (Document d : EntityReader.STRICT.readCorpus(corpus, problems).items()) {
                passages.put(d.id(), d.text());
            }
            problems.throwIfAny();
        }
        String rubric;
        try (InputStream in = AuditSample.class.getResourceAsStream("/io/clirbench/core/construct/audit/rubric.txt")) {
            rubric = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        }
        List<AuditSample.Row> sample = AuditSample.draw(rows, size, seed, stratify.equals("mode,language"));
        List<List<String>> csv = new ArrayList<>();
        csv.add(COLUMNS);
        int n = 0;
        for (AuditSample.Row r : sample) {
            Map<String, String> c = r.cells();
            String passage = corpus == null ? "(no --corpus given: passage not available)"
                    : passages.getOrDefault(c.get("corpus_id"), "(document " + c.get("corpus_id") + " is not in the corpus)");
            csv.add(List.of(String.format(Locale.ROOT, "audit-%03d", ++n), String.valueOf(r.number()), c.get("corpus_id"),
                    c.get("question_language"), c.get("mode"), passage, c.get("question"), c.get("answer"), rubric, "", "", ""));
        }
        Files.writeString(out, Csv.render(csv), StandardCharsets.UTF_8);
        System.err.printf(Locale.ROOT, "wrote %s: %d of %d questions for the audit (%s), without the verifier's scores%n", out,
                sample.size(), rows.size(), stratify);
        return 0;
    }
}
