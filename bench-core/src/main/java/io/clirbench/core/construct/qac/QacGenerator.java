package io.clirbench.core.construct.qac;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.llm.LlmCalls;
import io.clirbench.core.llm.Decoding;
import io.clirbench.core.llm.Parsed;
import io.clirbench.core.llm.Prompt;
import io.clirbench.core.llm.PromptTemplate;
import io.clirbench.core.llm.ReplyJson;
import io.clirbench.core.llm.UnusableReplyException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One QAC item, as ChemCLIR-Bench builds it: role {@code generator} writes exactly three candidates (question, answer,
 * kind); role {@code verifier} (a different model: {@code bench build qac} enforces it) judges them in two calls, each
 * comparing the three side by side: <b>faithfulness</b> (grounding, precision, numerical fidelity; 1–5 each, the same
 * prompt for both modes) and <b>quality</b> with the mode's prompt and criteria (five, 1–5 each, and a failure type).
 * The candidate with the best total on the native 40-point scale is kept (ties: the earliest). There is no rejection
 * threshold unless {@code minScore} is given. A generator reply without three complete candidates, or with a kind
 * outside the mode's list, is unusable; so is a verifier reply without one entry per candidate (numbered 1–3, in order)
 * and every criterion an integer 1–5. Each is asked again up to {@code maxAttempts} replies; then the item is a
 * recorded rejection.
 */
public final class QacGenerator {

    public static final String GENERATOR = "generator";
    public static final String VERIFIER = "verifier";
    public static final Decoding GENERATION = new Decoding(0.7, 0);
    public static final Decoding VERIFICATION = Decoding.GREEDY;
    public static final int CANDIDATES = 3;
    /** Verifier calls per item: faithfulness, then quality. */
    public static final int VERIFIER_CALLS = 2;

    private final Path prompts;
    private final int maxAttempts;
    private final Integer minScore;

    /** {@code minScore}: the lowest kept total (of 40), or null for none (the paper's protocol). */
    public QacGenerator(Path prompts, int maxAttempts, Integer minScore) {
        this.prompts = prompts;
        this.maxAttempts = maxAttempts;
        this.minScore = minScore;
    }

    /** The generator prompt of an item. */
    public Prompt generatorPrompt(QacItem item) {
        return PromptTemplate.load(item.mode().generatorPrompt(item.targetLang()), prompts)
                .render(Map.of("passage", item.source().text()));
    }

    /** The verifier's faithfulness prompt of an item, comparing {@code candidates} (as {@link #listed} writes them). */
    public Prompt faithfulnessPrompt(QacItem item, String candidates) {
        return PromptTemplate.load(QacMode.FAITHFULNESS_PROMPT, prompts).render(verifierValues(item, candidates));
    }

    /** The verifier's quality prompt of an item (its mode's), comparing {@code candidates}. */
    public Prompt qualityPrompt(QacItem item, String candidates) {
        return PromptTemplate.load(item.mode().qualityPrompt(), prompts).render(verifierValues(item, candidates));
    }

    private static Map<String, String> verifierValues(QacItem item, String candidates) {
        return Map.of("question_language", languageName(item.targetLang()), "passage", item.source().text(), "candidates", candidates);
    }

    public QacResult run(QacItem item, LlmCalls llm) throws InterruptedException {
        Prompt prompt = generatorPrompt(item);
        Parsed<List<QacCandidate>> generated = llm.askParsed(GENERATOR, prompt, GENERATION, c -> candidates(c, item.mode()), maxAttempts);
        if (!generated.ok()) {
            return new QacResult(item, prompt, generated.attempts(), null, 0, null, 0, List.of(), -1,
                    "generator: " + generated.rejection());
        }
        List<QacCandidate> candidates = generated.value();
        Prompt fp = faithfulnessPrompt(item, listed(candidates));
        Parsed<List<Scores>> faith = llm.askParsed(VERIFIER, fp, VERIFICATION, r -> scores(r, QacMode.FAITHFULNESS, null), maxAttempts);
        if (!faith.ok()) {
            return new QacResult(item, prompt, generated.attempts(), fp, faith.attempts(), null, 0, candidates, -1,
                    "verifier: faithfulness: " + faith.rejection());
        }
        Prompt qp = qualityPrompt(item, listed(candidates));
        Parsed<List<Scores>> qual = llm.askParsed(VERIFIER, qp, VERIFICATION, r -> scores(r, item.mode().quality(), "qual_failure_type"),
                maxAttempts);
        if (!qual.ok()) {
            return new QacResult(item, prompt, generated.attempts(), fp, faith.attempts(), qp, qual.attempts(), candidates, -1,
                    "verifier: quality: " + qual.rejection());
        }
        List<QacCandidate> verified = new ArrayList<>();
        for (int i = 0; i < CANDIDATES; i++) {
            verified.add(candidates.get(i).verifiedAs(faith.value().get(i).values(), qual.value().get(i).values(),
                    qual.value().get(i).failureType()));
        }
        int best = 0;
        for (int i = 1; i < verified.size(); i++) {
            if (verified.get(i).total() > verified.get(best).total()) {
                best = i;
            }
        }
        String rejection = null;
        if (minScore != null && verified.get(best).total() < minScore) {
            rejection = String.format(Locale.ROOT, "below --min-score: the best candidate scored %d of 40, under %d",
                    verified.get(best).total(), minScore);
        }
        return new QacResult(item, prompt, generated.attempts(), fp, faith.attempts(), qp, qual.attempts(), verified,
                rejection == null ? best : -1, rejection);
    }

    /** The candidates as the verifier prompts show them: {@code Candidate N}, its question and its answer. */
    static String listed(List<QacCandidate> candidates) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < candidates.size(); i++) {
            if (i > 0) {
                sb.append("\n\n");
            }
            sb.append("Candidate ").append(i + 1).append("\nQuestion: ").append(candidates.get(i).question()).append("\nAnswer: ")
                    .append(candidates.get(i).answer());
        }
        return sb.toString();
    }

    static List<QacCandidate> candidates(String content, QacMode mode) throws UnusableReplyException {
        JsonNode o = ReplyJson.object(content);
        JsonNode list = o.get("candidates");
        if (list == null || !list.isArray() || list.size() != CANDIDATES) {
            throw new UnusableReplyException("'candidates' must be a list of exactly " + CANDIDATES + " objects");
        }
        List<QacCandidate> out = new ArrayList<>();
        for (JsonNode c : list) {
            if (!c.isObject()) {
                throw new UnusableReplyException("each candidate must be an object with question, answer and " + mode.kindField());
            }
            String kind = ReplyJson.text(c, mode.kindField()).toLowerCase(Locale.ROOT);
            if (!mode.kinds().contains(kind)) {
                throw new UnusableReplyException("the field '" + mode.kindField() + "' is '" + kind + "', not one of " + mode.kinds());
            }
            out.add(new QacCandidate(ReplyJson.text(c, "question"), ReplyJson.text(c, "answer"), kind, List.of(), List.of(), null));
        }
        return out;
    }

    /** One candidate's entry of a usable verifier reply: the criteria in order, and the failure type (quality only). */
    record Scores(List<Integer> values, String failureType) {
    }

    /**
     * A verifier reply {@code {"candidates": [{"candidate": 1, criterion: N, ...}, ...]}}: exactly three entries numbered
     * 1, 2, 3 in order, each criterion an integer 1–5; {@code failureField} (when not null) a string, "none" when absent.
     */
    static List<Scores> scores(String content, List<String> criteria, String failureField) throws UnusableReplyException {
        JsonNode o = ReplyJson.object(content);
        JsonNode list = o.get("candidates");
        if (list == null || !list.isArray() || list.size() != CANDIDATES) {
            throw new UnusableReplyException("'candidates' must be a list of exactly " + CANDIDATES + " score objects, one per candidate");
        }
        List<Scores> out = new ArrayList<>();
        for (int i = 0; i < CANDIDATES; i++) {
            JsonNode c = list.get(i);
            JsonNode number = c.get("candidate");
            if (!c.isObject() || number == null || !number.canConvertToExactIntegral() || number.asInt() != i + 1) {
                throw new UnusableReplyException("entry " + (i + 1) + " of 'candidates' must be an object with \"candidate\": " + (i + 1));
            }
            List<Integer> values = new ArrayList<>();
            for (String f : criteria) {
                values.add(ReplyJson.score(c, f, 1, 5));
            }
            String failure = null;
            if (failureField != null) {
                JsonNode f = c.get(failureField);
                if (f != null && !f.isNull() && !f.isTextual()) {
                    throw new UnusableReplyException("'" + failureField + "' of candidate " + (i + 1) + " must be a string");
                }
                failure = f == null || f.isNull() || f.asText().isBlank() ? "none" : f.asText().strip().toLowerCase(Locale.ROOT);
            }
            out.add(new Scores(values, failure));
        }
        return out;
    }

    static String languageName(String code) {
        String name = Locale.forLanguageTag(code).getDisplayLanguage(Locale.ENGLISH);
        return name.isBlank() || name.equals(code) ? code : name;
    }
}
