package io.clirbench.core.dataset.importer;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.LineReader;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.dataset.QrelsTsv;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the relevance judgments of the released collections in their three forms: TREC qrels
 * ({@code qid iter docid rel}, whitespace-separated: MIRACL, NeuCLIR, {@code ir_datasets export
 * qrels}), BEIR/MTEB TSV ({@code query-id<TAB>corpus-id<TAB>score} after that header) and MTEB v2's
 * JSON Lines qrels ({@code {"query-id", "corpus-id", "score"}}; the Hub stores {@code score} as
 * float64, so an integral number such as {@code 1.0} is accepted and any other is a problem).
 */
public final class JudgmentFiles {

    private JudgmentFiles() {
    }

    /** TREC qrels: four whitespace-separated columns; the iteration column is ignored, as trec_eval does. */
    public static List<Judgment> readTrec(Path file, Problems problems) {
        String name = ImportLines.name(file);
        List<Judgment> judgments = new ArrayList<>();
        LineReader.forEachLine(file, problems, (line, text) -> {
            String stripped = text.strip();
            if (stripped.isEmpty()) {
                return;
            }
            String[] cols = stripped.split("\\s+");
            if (cols.length != 4) {
                problems.add(name, line, "expected 4 columns 'qid iter docid rel', found " + cols.length + ": "
                        + JsonValues.quote(text));
                return;
            }
            add(judgments, cols[0], cols[2], cols[3], name, line, problems);
        });
        return judgments;
    }

    /** BEIR/MTEB qrels TSV with its header line. */
    public static List<Judgment> readTsv(Path file, Problems problems) {
        String name = ImportLines.name(file);
        String header = ImportLines.firstLine(file, problems);
        if (header != null && !header.equals(QrelsTsv.HEADER)) {
            problems.add(name, 1, "header must be 'query-id<TAB>corpus-id<TAB>score', found "
                    + JsonValues.quote(header.replace("\t", "<TAB>")));
        }
        List<Judgment> judgments = new ArrayList<>();
        ImportLines.forEachRow(file, problems, 3, true, (line, f) -> add(judgments, f[0], f[1], f[2], name, line, problems));
        return judgments;
    }

    /** MTEB v2 qrels as JSON Lines. */
    public static List<Judgment> readJsonl(Path file, Problems problems) {
        String name = ImportLines.name(file);
        List<Judgment> judgments = new ArrayList<>();
        ImportLines.forEachObject(file, problems, (line, node) -> {
            String query = ImportLines.requiredId(node, "query-id", name, line, problems);
            String doc = ImportLines.requiredId(node, "corpus-id", name, line, problems);
            Integer grade = grade(node.get("score"), name, line, problems);
            if (query != null && doc != null && grade != null) {
                judgments.add(new Judgment(query, doc, grade, name, line));
            }
        });
        return judgments;
    }

    /** Reads {@code file} as JSON Lines when its name ends in {@code .jsonl} or {@code .jsonl.gz}, otherwise as TSV. */
    public static List<Judgment> readTsvOrJsonl(Path file, Problems problems) {
        return isJsonl(file) ? readJsonl(file, problems) : readTsv(file, problems);
    }

    static boolean isJsonl(Path file) {
        String name = ImportLines.name(file);
        return name.endsWith(".jsonl") || name.endsWith(".jsonl.gz");
    }

    private static void add(List<Judgment> judgments, String query, String doc, String grade, String file, int line,
                            Problems problems) {
        Integer score = QrelsTsv.parseScore(grade);
        if (score == null) {
            problems.add(file, line, "relevance is not an integer: " + JsonValues.quote(grade));
            return;
        }
        judgments.add(new Judgment(query, doc, score, file, line));
    }

    private static Integer grade(JsonNode score, String file, int line, Problems problems) {
        if (score == null || score.isNull()) {
            problems.add(file, line, "missing field 'score'");
            return null;
        }
        if (score.isNumber() && score.doubleValue() == Math.rint(score.doubleValue())
                && Math.abs(score.doubleValue()) <= Integer.MAX_VALUE) {
            return (int) score.doubleValue();
        }
        problems.add(file, line, "'score' is not an integral number: " + JsonValues.quote(score.toString()));
        return null;
    }
}
