package io.clirbench.core.dataset.importer;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;

import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Imports XOR-TyDi QA's XOR-Retrieve task from its released files (https://github.com/AkariAsai/XORQA,
 * README.md "Download the Dataset", "XOR-Retrieve"):
 * <ul>
 *   <li>questions, JSON Lines ({@code xor_dev_retrieve_eng_span.jsonl}, {@code xor_train_retrieve_eng_span.jsonl}):
 *       {@code {"id", "question", "answers": [...], "lang"}}, the question in {@code lang} (ar, bn, fi, ja, ko, ru, te) and
 *       the answers in English;</li>
 *   <li>English evidence passages in DPR's TSV ({@code psgs_w100.tsv}: header {@code id<TAB>text<TAB>title}, a field
 *       possibly in double quotes with {@code ""} for a quote, as DPR's csv writer left it), the 2019-02-01 English
 *       Wikipedia split in 100-word passages that the XOR baselines retrieve from.</li>
 * </ul>
 * XOR-Retrieve has no qrels: it scores whether an answer occurs in the retrieved text (R@2kt,
 * R@5kt). Our qrels follow that rule (our choice): a passage is relevant (grade 1) to a question when
 * it contains one of the question's answers, both compared after NFKC normalisation, lower-casing
 * and whitespace collapsing. Matching costs passages x answers: give the passages to judge (a pool,
 * e.g. the union of your systems' top 100), not the 21M-passage file. Questions with no matching
 * passage are dropped (unjudged). Queries are in their language, documents in English: every judged
 * pair is cross-language. Each passage is its own family. Licence: CC-BY-SA-4.0 by default, as the
 * written dataset holds English Wikipedia text (CC BY-SA); the questions are released under MIT
 * (the repository's LICENSE and the Hub card {@code xor_tydi_qa}).
 *
 * @param license the licence written to {@code dataset.json}
 */
public record XorTydiImporter(String license) {

    public static final String DEFAULT_LICENSE = "CC-BY-SA-4.0";
    public static final String SOURCE = "https://github.com/AkariAsai/XORQA (XOR-Retrieve); Asai et al., XOR QA: "
            + "Cross-lingual Open-Retrieval Question Answering, NAACL 2021 (arXiv:2010.11856)";
    private static final String PASSAGES_HEADER = "id\ttext\ttitle";

    /**
     * Reads the questions and passages.
     *
     * @param id the dataset id; null gives {@code xor-tydi-<questions file stem>}
     */
    public Dataset read(Path questions, Path passages, String id) {
        Problems problems = new Problems();
        DatasetAssembly assembly = new DatasetAssembly(problems);
        String passagesName = ImportLines.name(passages);
        String header = ImportLines.firstLine(passages, problems);
        if (header != null && !header.equals(PASSAGES_HEADER)) {
            problems.add(passagesName, 1, "header must be 'id<TAB>text<TAB>title' (DPR psgs_w100.tsv), found '"
                    + header.replace("\t", "<TAB>") + "'");
        }
        List<Document> corpus = new ArrayList<>();
        ImportLines.forEachRow(passages, problems, 3, true, (line, f) -> {
            Document d = new Document(f[0], unquote(f[2]), unquote(f[1]), "en", f[0], Map.of());
            assembly.add(d, passagesName, line);
            corpus.add(d);
        });
        Map<String, List<String>> answersByQuery = new LinkedHashMap<>();
        readQuestions(questions, assembly, answersByQuery, problems);
        problems.throwIfAny();
        assembly.judge(answerMatches(corpus, answersByQuery, ImportLines.name(questions)));
        String stem = ImportLines.name(questions).replaceFirst("\\.jsonl(\\.gz)?$", "").replace('_', '-');
        return assembly.build(new DatasetInfo(id != null ? id : "xor-tydi-" + stem, "XOR-TyDi XOR-Retrieve "
                + ImportLines.name(questions), null, license, SOURCE, List.of(), false));
    }

    private static void readQuestions(Path file, DatasetAssembly assembly, Map<String, List<String>> answersByQuery,
                                      Problems problems) {
        String name = ImportLines.name(file);
        ImportLines.forEachObject(file, problems, (line, node) -> {
            String qid = ImportLines.requiredId(node, "id", name, line, problems);
            String question = ImportLines.requiredString(node, "question", name, line, problems);
            String code = ImportLines.requiredString(node, "lang", name, line, problems);
            String lang = code == null ? null : LanguageCodes.canonical(code, "lang", name, line, problems);
            List<String> answers = answers(node.get("answers"), name, line, problems);
            if (qid == null || question == null || lang == null || answers == null) {
                return;
            }
            Map<String, Object> meta = new LinkedHashMap<>();
            meta.put("answers", answers);
            assembly.add(new Query(qid, question, lang, null, meta), name, line);
            answersByQuery.put(qid, answers.stream().map(XorTydiImporter::normalized).filter(a -> !a.isEmpty()).toList());
        });
    }

    private static List<String> answers(JsonNode node, String file, int line, Problems problems) {
        if (node == null || !node.isArray()) {
            problems.add(file, line, "missing array 'answers'");
            return null;
        }
        List<String> answers = new ArrayList<>();
        for (JsonNode a : node) {
            if (!a.isTextual()) {
                problems.add(file, line, "'answers' holds a value that is not a string: " + a);
                return null;
            }
            answers.add(a.textValue());
        }
        return answers;
    }

    // judgment lines name the questions file: the judgment comes from its answers
    private static List<Judgment> answerMatches(List<Document> corpus, Map<String, List<String>> answersByQuery, String file) {
        List<Judgment> judgments = new ArrayList<>();
        List<String> texts = corpus.stream().map(d -> normalized(d.text())).toList();
        answersByQuery.forEach((qid, answers) -> {
            for (int i = 0; i < texts.size(); i++) {
                String text = texts.get(i);
                if (answers.stream().anyMatch(text::contains)) {
                    judgments.add(new Judgment(qid, corpus.get(i).id(), 1, file, 0));
                }
            }
        });
        return judgments;
    }

    /** NFKC, lower case, runs of white space as one space, stripped: how answers and passages are compared. */
    static String normalized(String text) {
        return Normalizer.normalize(text, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT).replaceAll("\\s+", " ").strip();
    }

    // DPR's TSV quotes a field holding a quote or tab: "say ""hi""" -> say "hi"
    static String unquote(String field) {
        if (field.length() >= 2 && field.startsWith("\"") && field.endsWith("\"")) {
            return field.substring(1, field.length() - 1).replace("\"\"", "\"");
        }
        return field;
    }
}
