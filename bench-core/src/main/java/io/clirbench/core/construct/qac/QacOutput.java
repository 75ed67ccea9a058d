package io.clirbench.core.construct.qac;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.llm.Decoding;
import io.clirbench.core.llm.Prompt;
import io.clirbench.core.llm.ModelRef;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.model.Query;
import io.clirbench.core.io.Csv;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * What a QAC build writes from its results. {@link #csv} is ChemCLIR-Bench's released QAC layout (29 columns with the
 * repeated {@code qual_linguistic_quality} and {@code qual_overall}, both copies filled; mode-only columns empty for
 * the other mode; CRLF), one row per kept question in item order. {@link #dataset} is what {@code bench import
 * chemclir-qac} makes of that CSV and the corpus (query ids {@code qac-NNN} by row, the source document judged 1,
 * family expansion on), built directly so that any docid works; the CSV reads back into the same queries when the
 * docids follow ChemCLIR's {@code <publication>_<lang>}.
 */
public final class QacOutput {

    public static final List<String> HEADER = List.of("mode", "strategy", "strategy_name", "corpus_id", "publication_number",
            "question_language", "context_language", "question", "answer", "question_type", "framing", "faith_grounding",
            "faith_precision", "faith_numerical_fidelity", "faith_overall", "qual_search_bar_realism", "qual_specificity",
            "qual_phrasing_economy", "qual_focus", "qual_linguistic_quality", "qual_overall", "qual_search_realism",
            "qual_lexical_distance", "qual_conceptual_framing", "qual_retrievability", "qual_linguistic_quality", "qual_overall",
            "qual_failure_type", "total_score");
    private static final ObjectMapper JSON = new ObjectMapper();

    private QacOutput() {
    }

    /** The selection manifest's columns: the pilot's {@code balanced_100_qac_manifest.csv} layout, then the source docid. */
    public static final List<String> MANIFEST_HEADER = List.of("pool_rank", "publication_number", "selected_for_generation", "mode",
            "strategy", "strategy_name", "expected_question_count", "corpus_id");

    /**
     * The selection manifest ({@code selection-manifest.csv}): one row per source of the pool in rank order, in the
     * pilot manifest's seven columns (mode, strategy and strategy name empty and the count 0 when not selected) and
     * {@code corpus_id}, the source document (with {@code --sources all} a family's versions are separate rows); CRLF.
     */
    public static String manifest(QacPlan plan) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(MANIFEST_HEADER);
        for (QacPlan.ManifestRow m : plan.manifest()) {
            rows.add(List.of(String.valueOf(m.poolRank()), m.family(), m.selected() ? "yes" : "no", m.selected() ? m.mode().csvName() : "",
                    m.selected() ? String.valueOf(m.setup().strategy()) : "", m.selected() ? m.setup().strategyName() : "",
                    String.valueOf(m.expectedQuestions()), m.docId()));
        }
        return Csv.render(rows);
    }

    public static List<QacResult> kept(List<QacResult> results) {
        return results.stream().filter(QacResult::ok).toList();
    }

    public static String csv(List<QacResult> results) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(HEADER);
        for (QacResult r : kept(results)) {
            QacItem item = r.item();
            QacCandidate c = r.best();
            boolean technical = item.mode() == QacMode.TECHNICAL;
            List<String> row = new ArrayList<>(List.of(item.mode().csvName(), String.valueOf(item.setup().strategy()),
                    item.setup().strategyName(), item.source().id(), item.source().family(), item.targetLang(),
                    String.join(",", item.familyLanguages()), c.question(), c.answer(), technical ? c.kind() : "",
                    technical ? "" : c.kind()));
            c.faithfulness().forEach(x -> row.add(String.valueOf(x)));
            row.add(String.valueOf(c.faithOverall()));
            List<Integer> q = c.quality();
            for (int i = 0; i < 4; i++) {
                row.add(technical ? String.valueOf(q.get(i)) : "");
            }
            row.add(String.valueOf(q.get(4)));
            row.add(String.valueOf(c.qualOverall()));
            for (int i = 0; i < 4; i++) {
                row.add(technical ? "" : String.valueOf(q.get(i)));
            }
            row.add(String.valueOf(q.get(4)));
            row.add(String.valueOf(c.qualOverall()));
            row.add(c.failureType());
            row.add(String.valueOf(c.total()));
            rows.add(row);
        }
        return Csv.render(rows);
    }

    public static Dataset dataset(String id, String corpusName, List<Document> corpus, List<QacResult> results) {
        List<Query> queries = new ArrayList<>();
        Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
        int row = 0;
        for (QacResult r : kept(results)) {
            row++;
            QacItem item = r.item();
            QacCandidate c = r.best();
            String qid = String.format(Locale.ROOT, "qac-%03d", row);
            String publication = item.source().family();
            Map<String, Object> metadata = new LinkedHashMap<>();
            metadata.put("mode", item.mode().csvName());
            metadata.put("strategy", String.valueOf(item.setup().strategy()));
            metadata.put("strategy_name", item.setup().strategyName());
            metadata.put(item.mode() == QacMode.TECHNICAL ? "question_type" : "framing", c.kind());
            metadata.put("office", publication.contains("-") ? publication.substring(0, publication.indexOf('-')) : publication);
            metadata.put("publication_number", publication);
            metadata.put("answer", c.answer());
            metadata.put("answer_lang", item.source().lang());
            metadata.put("total_score", String.valueOf(c.total()));
            metadata.put("qual_failure_type", c.failureType());
            queries.add(new Query(qid, c.question(), item.targetLang(), publication, metadata));
            qrels.put(qid, Map.of(item.source().id(), 1));
        }
        TreeSet<String> languages = new TreeSet<>();
        corpus.forEach(d -> languages.add(d.lang()));
        queries.forEach(q -> languages.add(q.lang()));
        DatasetInfo info = new DatasetInfo(id, "QAC benchmark built from " + corpusName, "1", "see the corpus's licence",
                "bench build qac over '" + corpusName + "' (ChemCLIR-Bench QAC generation pipeline)", List.copyOf(languages), true);
        return new Dataset(info, corpus, queries, Qrels.of(qrels));
    }

    /** One line per candidate of every item that got candidates, with its scores and provenance. */
    public static String candidates(List<QacResult> results, ModelRef generatorModel, ModelRef verifierModel) {
        StringBuilder sb = new StringBuilder();
        int row = 0;
        for (QacResult r : results) {
            if (r.ok()) {
                row++;
            }
            for (int i = 0; i < r.candidates().size(); i++) {
                QacCandidate c = r.candidates().get(i);
                ObjectNode o = JSON.createObjectNode();
                o.put("corpus_id", r.item().source().id()).put("question_language", r.item().targetLang())
                        .put("mode", r.item().mode().option()).put("setup", r.item().setup().option()).put("candidate", i + 1)
                        .put("question", c.question()).put("answer", c.answer()).put(r.item().mode().kindField(), c.kind());
                if (c.verified()) {
                    for (int f = 0; f < c.faithfulness().size(); f++) {
                        o.put(QacMode.FAITHFULNESS.get(f), c.faithfulness().get(f));
                    }
                    for (int q = 0; q < c.quality().size(); q++) {
                        o.put(r.item().mode().quality().get(q), c.quality().get(q));
                    }
                    o.put("faith_overall", c.faithOverall()).put("qual_overall", c.qualOverall()).put("total_score", c.total())
                            .put("qual_failure_type", c.failureType());
                } else {
                    o.put("verifier_rejection", r.rejection());
                }
                o.put("kept", r.ok() && r.kept() == i);
                if (r.ok() && r.kept() == i) {
                    o.put("query_id", String.format(Locale.ROOT, "qac-%03d", row));
                }
                ObjectNode p = o.putObject("provenance");
                provenance(p.putObject("generator"), generatorModel, r.generatorPrompt(), QacGenerator.GENERATION, r.generatorAttempts());
                ObjectNode v = p.putObject("verifier");
                provenance(v.putObject("faithfulness"), verifierModel, r.faithfulnessPrompt(), QacGenerator.VERIFICATION,
                        r.faithfulnessAttempts());
                provenance(v.putObject("quality"), verifierModel, r.qualityPrompt(), QacGenerator.VERIFICATION, r.qualityAttempts());
                sb.append(o).append('\n');
            }
        }
        return sb.toString();
    }

    private static void provenance(ObjectNode o, ModelRef model, Prompt prompt, Decoding decoding, int attempts) {
        model.putInto(o, "revision");
        if (prompt != null) {
            o.put("prompt_id", prompt.templateId()).put("prompt_version", prompt.version()).put("prompt_sha256", prompt.sha256());
        }
        o.put("temperature", decoding.temperature()).put("max_tokens", decoding.maxTokens()).put("attempts", attempts);
    }

    /** The plan's skipped sources and every item without a kept question, with the reason. */
    public static String rejections(QacPlan plan, List<QacResult> results) {
        StringBuilder sb = new StringBuilder();
        for (QacPlan.Skipped s : plan.skipped()) {
            sb.append(JSON.createObjectNode().put("step", "plan").put("corpus_id", s.docId()).put("family", s.family())
                    .put("reason", s.reason())).append('\n');
        }
        for (QacResult r : results) {
            if (!r.ok()) {
                sb.append(JSON.createObjectNode().put("step", step(r.rejection())).put("corpus_id", r.item().source().id())
                        .put("question_language", r.item().targetLang()).put("mode", r.item().mode().option())
                        .put("reason", r.rejection())).append('\n');
            }
        }
        return sb.toString();
    }

    static String step(String rejection) {
        return rejection.startsWith("generator:") ? "generator" : rejection.startsWith("verifier:") ? "verifier" : "selection";
    }
}
