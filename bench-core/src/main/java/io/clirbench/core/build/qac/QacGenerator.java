package io.clirbench.core.build.qac;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.build.llm.BuildLlm;
import io.clirbench.core.build.llm.Decoding;
import io.clirbench.core.build.llm.Parsed;
import io.clirbench.core.build.llm.Prompt;
import io.clirbench.core.build.llm.PromptTemplate;
import io.clirbench.core.build.llm.ReplyJson;
import io.clirbench.core.build.llm.UnusableReplyException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One QAC item: role {@code generator} writes exactly three candidates (question, answer, kind), role
 * {@code verifier} scores each on the ChemCLIR rubric, the best total is kept (ties: the earliest) when it reaches
 * {@code minScore}. A generator reply without three complete candidates, or with a kind outside the mode's list, is
 * unusable; so is a verifier reply without every criterion as an integer 1–5. Both are asked again up to
 * {@code maxAttempts} replies; then the item (generator) or the candidate (verifier) is a recorded rejection.
 */
public final class QacGenerator {

    public static final String GENERATOR = "generator";
    public static final String VERIFIER = "verifier";
    public static final Decoding GENERATION = new Decoding(0.7, 0);
    public static final Decoding VERIFICATION = Decoding.GREEDY;
    public static final int CANDIDATES = 3;

    private final Path prompts;
    private final int maxAttempts;
    private final int minScore;

    public QacGenerator(Path prompts, int maxAttempts, int minScore) {
        this.prompts = prompts;
        this.maxAttempts = maxAttempts;
        this.minScore = minScore;
    }

    /** The generator prompt of an item. */
    public Prompt generatorPrompt(QacItem item) {
        return PromptTemplate.load(item.mode().generatorPrompt(item.targetLang()), prompts)
                .render(Map.of("passage", item.source().text()));
    }

    public QacResult run(QacItem item, BuildLlm llm) throws InterruptedException {
        Prompt prompt = generatorPrompt(item);
        Parsed<List<QacCandidate>> generated = llm.askParsed(GENERATOR, prompt, GENERATION, c -> candidates(c, item.mode()), maxAttempts);
        PromptTemplate verifierTemplate = PromptTemplate.load(item.mode().verifierPrompt(), prompts);
        if (!generated.ok()) {
            return new QacResult(item, prompt, generated.attempts(), null, List.of(), -1, "generator: " + generated.rejection());
        }
        List<QacCandidate> verified = new ArrayList<>();
        Prompt lastVerifierPrompt = null;
        for (QacCandidate c : generated.value()) {
            Prompt vp = verifierTemplate.render(Map.of("question_language", languageName(item.targetLang()), "passage",
                    item.source().text(), "question", c.question(), "answer", c.answer()));
            lastVerifierPrompt = vp;
            Parsed<Scores> scores = llm.askParsed(VERIFIER, vp, VERIFICATION, r -> scores(r, item.mode()), maxAttempts);
            if (scores.ok()) {
                Scores s = scores.value();
                verified.add(c.verifiedAs(s.faithfulness(), s.quality(), s.failureType(), scores.attempts()));
            } else {
                verified.add(c.rejectedBecause(scores.rejection(), scores.attempts()));
            }
        }
        int best = -1;
        for (int i = 0; i < verified.size(); i++) {
            if (verified.get(i).verified() && (best < 0 || verified.get(i).total() > verified.get(best).total())) {
                best = i;
            }
        }
        String rejection = null;
        if (best < 0) {
            rejection = "verifier: no candidate could be scored (" + verified.get(0).rejection() + ")";
        } else if (verified.get(best).total() < minScore) {
            rejection = String.format(Locale.ROOT, "below --min-score: the best candidate scored %d of 40, under %d",
                    verified.get(best).total(), minScore);
        }
        return new QacResult(item, prompt, generated.attempts(), lastVerifierPrompt, verified, rejection == null ? best : -1, rejection);
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
            out.add(new QacCandidate(ReplyJson.text(c, "question"), ReplyJson.text(c, "answer"), kind, List.of(), List.of(), null,
                    null, 0));
        }
        return out;
    }

    /** A usable verifier reply. */
    record Scores(List<Integer> faithfulness, List<Integer> quality, String failureType) {
    }

    static Scores scores(String content, QacMode mode) throws UnusableReplyException {
        JsonNode o = ReplyJson.object(content);
        List<Integer> faith = new ArrayList<>();
        for (String f : QacMode.FAITHFULNESS) {
            faith.add(ReplyJson.score(o, f, 1, 5));
        }
        List<Integer> qual = new ArrayList<>();
        for (String q : mode.quality()) {
            qual.add(ReplyJson.score(o, q, 1, 5));
        }
        String failure = o.path("failure_type").asText("none").strip();
        return new Scores(faith, qual, failure.isEmpty() ? "none" : failure);
    }

    static String languageName(String code) {
        String name = Locale.forLanguageTag(code).getDisplayLanguage(Locale.ENGLISH);
        return name.isBlank() || name.equals(code) ? code : name;
    }
}
