package io.clirbench.core.qa.eval;

import io.clirbench.core.qa.eval.QaMeasure.Aggregation;
import io.clirbench.core.qa.eval.QaMeasure.IntervalKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The registry of QA measures (METRICS.md §4), in report order: every aggregate holds their means by key, report.json
 * and the CSV files list them in this order, the statistics give an interval to those that have one. The tables have
 * their own column order: {@code readerColumns} for a system that predicted answers, {@code selectionColumns} for one
 * that predicted none (an interval column follows each measure with an interval). {@link #STANDARD} is what every QA
 * report carries; {@link #with(QaMeasure)} gives a registry with one more (bench-core README, "How to add a measure").
 *
 * @param measures         the measures, keys distinct
 * @param readerColumns    keys of the table columns of a system that predicted answers, in order
 * @param selectionColumns keys of the table columns of a system that predicted no answer, in order
 */
public record QaMeasures(List<QaMeasure> measures, List<String> readerColumns, List<String> selectionColumns) {

    private static final String ANSWER = "METRICS.md §4 (Answer)";
    private static final String SUPPORT = "METRICS.md §4 (Support)";
    private static final String JOINT = "METRICS.md §4 (Joint)";
    private static final String[] HOTPOT_PREFIX = {"", "sp_", "joint_"};
    private static final String[] HOTPOT_NAMES = {"em", "prec", "recall", "f1"};
    private static final String[] CSV_NAMES = {"em", "p", "r", "f1"};
    private static final String[] LABEL_NAMES = {"EM", "P", "R", "F1"};

    /** Every measure of a QA report, in report.json's order; the tables as XHotpotQA-style readers and selectors need. */
    public static final QaMeasures STANDARD = standard();

    public QaMeasures {
        measures = List.copyOf(measures);
        readerColumns = List.copyOf(readerColumns);
        selectionColumns = List.copyOf(selectionColumns);
        Map<String, QaMeasure> byKey = new LinkedHashMap<>();
        for (QaMeasure m : measures) {
            if (byKey.put(m.key(), m) != null) {
                throw new IllegalArgumentException("QA measure key '" + m.key() + "' is registered twice");
            }
        }
        for (String key : concat(readerColumns, selectionColumns)) {
            if (!byKey.containsKey(key) || byKey.get(key).label() == null) {
                throw new IllegalArgumentException("table column '" + key + "' is no registered QA measure with a label");
            }
        }
    }

    /** This registry with {@code measure} added last; with a label it is also the last column of every table. */
    public QaMeasures with(QaMeasure measure) {
        List<QaMeasure> all = new ArrayList<>(measures);
        all.add(measure);
        if (measure.label() == null) {
            return new QaMeasures(all, readerColumns, selectionColumns);
        }
        return new QaMeasures(all, concat(readerColumns, List.of(measure.key())),
                concat(selectionColumns, List.of(measure.key())));
    }

    /** The measure with this key. */
    public QaMeasure get(String key) {
        for (QaMeasure m : measures) {
            if (m.key().equals(key)) {
                return m;
            }
        }
        throw new IllegalArgumentException("no QA measure '" + key + "'; registered: "
                + measures.stream().map(QaMeasure::key).toList());
    }

    /** The measures of the table of a system that predicted answers or of one that predicted none. */
    public List<QaMeasure> tableColumns(boolean answersPredicted) {
        return (answersPredicted ? readerColumns : selectionColumns).stream().map(this::get).toList();
    }

    /** The measures in report.json's aggregates and per-example lines. */
    public List<QaMeasure> json() {
        return measures.stream().filter(m -> m.jsonName() != null).toList();
    }

    /** The measures of {@code hotpot_metrics}. */
    public List<QaMeasure> hotpot() {
        return measures.stream().filter(m -> m.hotpotName() != null).toList();
    }

    /** The measures of {@code macro_by_question_language}. */
    public List<QaMeasure> macro() {
        return measures.stream().filter(QaMeasure::macro).toList();
    }

    /** The measures with a CSV column. */
    public List<QaMeasure> csvColumns() {
        return measures.stream().filter(m -> m.csvColumn() != null).toList();
    }

    /** The measures with an interval. */
    public List<QaMeasure> withIntervals() {
        return measures.stream().filter(m -> m.interval() != IntervalKind.NONE).toList();
    }

    private static QaMeasures standard() {
        List<QaMeasure> all = new ArrayList<>();
        String[] components = ExampleScore.COMPONENTS.toArray(String[]::new);
        String[] sections = {ANSWER, SUPPORT, JOINT};
        for (int c = 0; c < components.length; c++) {
            for (int m = 0; m < CSV_NAMES.length; m++) {
                int component = c;
                int measure = m;
                ToDoubleFunction<ExampleScore> value = s -> s.component(component).get(measure);
                // XHotpotQA's macro_by_question_language gives EM and F1; the intervals are about F1
                String key = components[c] + "_" + CSV_NAMES[m];
                all.add(new QaMeasure(key, components[c] + " " + LABEL_NAMES[m], 4, components[c], ExampleScore.MEASURES.get(m),
                        HOTPOT_PREFIX[c] + HOTPOT_NAMES[m], key, value, Aggregation.MEAN,
                        m == 3 ? IntervalKind.MACRO_BCA : IntervalKind.NONE, m == 0 || m == 3, sections[c]));
            }
        }
        // report tables only (for selectors): share of the answer-bearing paragraphs among those of the predicted facts
        all.add(new QaMeasure("answer_paragraph_recall", "answer-para R", 4, null, null, null, null,
                ExampleScore::answerParagraphRecall, Aggregation.MEAN_DEFINED, IntervalKind.NONE, false,
                "ExampleScorer#answerParagraphRecall (selection measure of the QA tables)"));
        return new QaMeasures(all, List.of("answer_f1", "support_f1", "joint_f1", "joint_em"),
                List.of("support_p", "support_r", "support_f1", "support_em", "answer_paragraph_recall"));
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
