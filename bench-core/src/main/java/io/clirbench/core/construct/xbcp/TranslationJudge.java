package io.clirbench.core.construct.xbcp;

import io.clirbench.core.llm.Languages;
import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.llm.BuildLlm;
import io.clirbench.core.llm.BuildProgress;
import io.clirbench.core.llm.Decoding;
import io.clirbench.core.llm.LlmCalls;
import io.clirbench.core.llm.Parsed;
import io.clirbench.core.llm.Prompt;
import io.clirbench.core.llm.PromptTemplate;
import io.clirbench.core.llm.ReplyJson;
import io.clirbench.core.llm.step.StepRunner;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The verification of XBCP's translations on samples: per target language, {@code perLanguage} accepted document
 * translations chosen by the order of SHA-256({@code seed:lang:docid}) (seeded, independent of the order of work),
 * judged by role {@code judge} with {@code xbcp/judge.txt} on accuracy, fluency and completeness, each 1–5 (the
 * MMLU-ProX rubric). A document whose title was translated is shown to the judge as its title, a blank line and its
 * text, source and translation alike, so the title is judged with the text. A reply without the three integer scores
 * in range, or with a score below 5 and no comment saying what is wrong (XBCP asks a justification of every score
 * below the top), is asked again, then a recorded rejection.
 */
public final class TranslationJudge {

    public static final String ROLE = "judge";
    public static final String PROMPT = "xbcp/judge.txt";
    public static final List<String> CRITERIA = List.of("accuracy", "fluency", "completeness");

    private TranslationJudge() {
    }

    /** The sample: per language (sorted), its first {@code perLanguage} text translations by the seeded hash order. */
    public static List<Translation> sample(List<Translation> translations, int perLanguage, long seed) {
        Map<String, List<Translation>> byLanguage = new TreeMap<>();
        for (Translation t : translations) {
            if (t.ok() && t.request().part() == TranslationRequest.Part.TEXT) {
                byLanguage.computeIfAbsent(t.request().targetLang(), l -> new ArrayList<>()).add(t);
            }
        }
        List<Translation> out = new ArrayList<>();
        for (Map.Entry<String, List<Translation>> e : byLanguage.entrySet()) {
            e.getValue().stream()
                    .sorted(Comparator.comparing((Translation t) -> order(seed, e.getKey(), t.request().sourceId()))
                            .thenComparing(t -> t.request().sourceId()))
                    .limit(perLanguage).forEach(out::add);
        }
        return out;
    }

    /** Judges every sampled text translation, with its document's title translation from {@code titles} (by translated docid). */
    public static List<Judgement> judge(List<Translation> sample, Map<String, Translation> titles, BuildLlm llm, PromptTemplate template,
            int concurrency, int maxAttempts, BuildProgress progress) throws InterruptedException {
        return new StepRunner(llm, concurrency, step -> progress).run(new TranslationJudgeStep(sample, titles, template, maxAttempts, false));
    }

    /**
     * The judge's prompt for one sampled translation: a document whose title was translated is shown as its title, a
     * blank line and its text, source and translation alike.
     */
    static Prompt prompt(Translation t, Map<String, Translation> titles, PromptTemplate template) {
        TranslationRequest r = t.request();
        Translation title = titles.get(r.translatedId());
        boolean withTitle = title != null && title.ok(); // a rejected title is a rejection of its own, not judged
        String source = withTitle ? title.request().text() + "\n\n" + r.text() : r.text();
        String translation = withTitle ? title.text() + "\n\n" + t.text() : t.text();
        return template.render(Map.of("source_language", Languages.name(r.sourceLang()), "target_language",
                Languages.name(r.targetLang()), "source", source, "translation", translation));
    }

    /** Judges one sampled translation. */
    static Judgement judge(Translation t, Map<String, Translation> titles, LlmCalls llm, PromptTemplate template, int maxAttempts)
            throws InterruptedException {
        TranslationRequest r = t.request();
        Parsed<Scores> p = llm.askParsed(ROLE, prompt(t, titles, template), Decoding.GREEDY, TranslationJudge::scores, maxAttempts);
        String id = r.translatedId();
        if (!p.ok()) {
            return new Judgement(id, r.targetLang(), 0, 0, 0, null, p.rejection(), p.attempts());
        }
        Scores s = p.value();
        return new Judgement(id, r.targetLang(), s.accuracy(), s.fluency(), s.completeness(), s.comment(), null, p.attempts());
    }

    /** One usable judge reply; the comment is required when a score is below 5 (empty when absent otherwise). */
    record Scores(int accuracy, int fluency, int completeness, String comment) {
    }

    static Scores scores(String content) throws io.clirbench.core.llm.UnusableReplyException {
        JsonNode o = ReplyJson.object(content);
        Scores s = new Scores(ReplyJson.score(o, "accuracy", 1, 5), ReplyJson.score(o, "fluency", 1, 5),
                ReplyJson.score(o, "completeness", 1, 5), o.path("comment").asText("").strip());
        if (Math.min(s.accuracy(), Math.min(s.fluency(), s.completeness())) < 5 && s.comment().isEmpty()) {
            throw new io.clirbench.core.llm.UnusableReplyException("a score below 5 needs a 'comment' saying what is wrong");
        }
        return s;
    }

    private static String order(long seed, String lang, String docid) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest((seed + ":" + lang + ":" + docid).getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
