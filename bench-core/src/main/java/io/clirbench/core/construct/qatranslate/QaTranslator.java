package io.clirbench.core.construct.qatranslate;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.llm.LlmCalls;
import io.clirbench.core.llm.Decoding;
import io.clirbench.core.llm.Parsed;
import io.clirbench.core.llm.Prompt;
import io.clirbench.core.llm.PromptTemplate;
import io.clirbench.core.llm.ReplyJson;
import io.clirbench.core.llm.UnusableReplyException;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One instance through the pipeline. Languages come from a {@link LanguageAssignment}, unit by unit as XHotpotQA's
 * generator assigns them: paragraph N (0-based position) takes unit {@code paragraph:N}'s language, and the question with
 * its answer take unit {@code question-answer}'s ({@code assigned}, the peer's and the default) or keep the source's
 * ({@code source}). Units are keyed by the instance's {@code source_id} (its id where that is empty). With the seeded
 * assignment every language is independent per unit, uniform, and the same whatever the order of work, and the same seed
 * and language list give the peer's own assignment. A paragraph whose language is the source's is kept as it is;
 * any other is translated by role {@code translator} with {@code qa-translate/paragraph.txt}: a reply is usable only
 * with a title and exactly as many non-empty sentences as the source. One unusable paragraph after the last attempt
 * rejects the whole instance.
 */
public final class QaTranslator {

    public static final String ROLE = "translator";
    public static final Decoding DECODING = Decoding.GREEDY;
    private final LanguageAssignment assignment;
    private final boolean assignedQuestionLanguage;
    private final PromptTemplate paragraph;
    private final PromptTemplate question;
    private final int maxAttempts;

    public QaTranslator(LanguageAssignment assignment, boolean assignedQuestionLanguage, PromptTemplate paragraph,
                        PromptTemplate question, int maxAttempts) {
        this.assignment = assignment;
        this.assignedQuestionLanguage = assignedQuestionLanguage;
        this.paragraph = paragraph;
        this.question = question;
        this.maxAttempts = maxAttempts;
    }

    /** The outcome: the translated instance, or why it was rejected. */
    public record Outcome(QaInstance source, QaInstance translated, String rejection, int calls) {
        public boolean ok() {
            return rejection == null;
        }
    }

    /** The key of an instance's units: its source id, or its id where that is empty. */
    static String sourceKey(QaInstance i) {
        return i.sourceId() == null || i.sourceId().isEmpty() ? i.id() : i.sourceId();
    }

    /** Null when the assignment covers every unit of the instance, else why not. */
    public String assignmentProblem(QaInstance i) {
        return assignment.problem(sourceKey(i), LanguageAssignment.units(i.candidates().size()));
    }

    /** The language of the instance's paragraph at 0-based position {@code index}. */
    public String paragraphLanguage(QaInstance i, int index) {
        return assignment.assign(sourceKey(i), LanguageAssignment.paragraph(index));
    }

    public String questionLanguage(QaInstance i) {
        return assignedQuestionLanguage ? assignment.assign(sourceKey(i), LanguageAssignment.QUESTION_ANSWER) : i.questionLanguage();
    }

    /** The paragraphs (and the question) that need a call: for a dry run. */
    public int callsFor(QaInstance i) {
        int n = 0;
        for (int k = 0; k < i.candidates().size(); k++) {
            n += paragraphLanguage(i, k).equals(i.candidates().get(k).language()) ? 0 : 1;
        }
        return n + (questionLanguage(i).equals(i.questionLanguage()) ? 0 : 1);
    }

    public Prompt paragraphPrompt(Candidate c, String target) {
        StringBuilder numbered = new StringBuilder();
        for (int s = 0; s < c.sentences().size(); s++) {
            numbered.append(s + 1).append(". ").append(c.sentences().get(s)).append('\n');
        }
        return paragraph.render(Map.of("source_language", name(c.language()), "target_language", name(target), "count",
                String.valueOf(c.sentences().size()), "title", c.title(), "sentences", numbered.toString().strip()));
    }

    /** The prompt translating the question and answer of {@code i} into {@code target}. */
    public Prompt questionPrompt(QaInstance i, String target) {
        return question.render(Map.of("source_language", name(i.questionLanguage()), "target_language", name(target),
                "question", i.question(), "answer", i.answer()));
    }

    public Outcome translate(QaInstance i, LlmCalls llm) throws InterruptedException {
        List<Candidate> out = new ArrayList<>();
        int retries = 0;
        int calls = 0;
        for (int k = 0; k < i.candidates().size(); k++) {
            Candidate c = i.candidates().get(k);
            String target = paragraphLanguage(i, k);
            if (target.equals(c.language())) {
                out.add(c);
                continue;
            }
            calls++;
            Parsed<String[]> p = llm.askParsed(ROLE, paragraphPrompt(c, target), DECODING, r -> paragraph(r, c.sentences().size()),
                    maxAttempts);
            retries += p.attempts() - 1;
            if (!p.ok()) {
                return new Outcome(i, null, "paragraph '" + c.id() + "' into " + target + ": " + p.rejection(), calls);
            }
            String[] t = p.value();
            out.add(new Candidate(c.id(), t[0], List.of(t).subList(1, t.length), target, c.title(), c.sentences()));
        }
        String qLang = questionLanguage(i);
        String q = i.question();
        String a = i.answer();
        if (!qLang.equals(i.questionLanguage())) {
            calls++;
            Prompt prompt = questionPrompt(i, qLang);
            Parsed<String[]> p = llm.askParsed(ROLE, prompt, DECODING, QaTranslator::question, maxAttempts);
            retries += p.attempts() - 1;
            if (!p.ok()) {
                return new Outcome(i, null, "question into " + qLang + ": " + p.rejection(), calls);
            }
            q = p.value()[0];
            a = p.value()[1];
        }
        Map<String, Object> provenance = new LinkedHashMap<>(i.provenance());
        provenance.put("assignment_version", assignment.version());
        provenance.put("assignment_manifest_sha256", assignment.manifestSha256());
        provenance.put("seed", assignment.seed());
        provenance.put("translation_model", calls == 0 ? "" : llm.model(ROLE));
        provenance.put("translation_revision", calls == 0 ? "" : llm.revision(ROLE));
        provenance.put("prompt_version", paragraph.version() + "+" + question.version());
        provenance.put("prompt_hash", sha256(paragraph.sha256() + question.sha256()));
        provenance.put("retry_count", retries);
        Map<String, Object> decoding = new LinkedHashMap<>();
        decoding.put("temperature", DECODING.temperature());
        decoding.put("max_tokens", DECODING.maxTokens());
        provenance.put("decoding", decoding);
        QaInstance translated = new QaInstance(i.id(), i.sourceId(), i.sourceSplit(), i.questionType(), i.difficulty(), q, a, qLang,
                qLang, out, i.supportingFacts(), i.status(), provenance);
        return new Outcome(i, translated, null, calls);
    }

    static String[] paragraph(String content, int count) throws UnusableReplyException {
        JsonNode o = ReplyJson.object(content);
        String title = ReplyJson.text(o, "title");
        JsonNode s = o.get("sentences");
        if (s == null || !s.isArray()) {
            throw new UnusableReplyException("the field 'sentences' is missing or not a list");
        }
        if (s.size() != count) {
            throw new UnusableReplyException("the reply has " + s.size() + " sentences, the source " + count
                    + " (the sentence count must not change)");
        }
        String[] out = new String[count + 1];
        out[0] = title;
        for (int k = 0; k < count; k++) {
            if (!s.get(k).isTextual() || s.get(k).asText().isBlank()) {
                throw new UnusableReplyException("sentence " + (k + 1) + " is empty or not text");
            }
            out[k + 1] = s.get(k).asText().strip();
        }
        return out;
    }

    static String[] question(String content) throws UnusableReplyException {
        JsonNode o = ReplyJson.object(content);
        return new String[] {ReplyJson.text(o, "question"), ReplyJson.text(o, "answer")};
    }

    static String name(String code) {
        String name = Locale.forLanguageTag(code).getDisplayLanguage(Locale.ENGLISH);
        return name.isBlank() || name.equals(code) ? code : name;
    }

    static String sha256(String s) {
        try {
            return java.util.HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
