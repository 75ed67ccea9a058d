package io.clirbench.core.build.xbcp;

import io.clirbench.core.agentic.configure.ConfigurationBuilder;
import io.clirbench.core.agentic.configure.TranslationProvider;
import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.build.llm.BuildLlm;
import io.clirbench.core.build.llm.BuildProgress;
import io.clirbench.core.build.llm.Decoding;
import io.clirbench.core.build.llm.ItemRunner;
import io.clirbench.core.build.llm.Parsed;
import io.clirbench.core.build.llm.Prompt;
import io.clirbench.core.build.llm.PromptTemplate;
import io.clirbench.core.build.llm.UnusableReplyException;
import io.clirbench.core.model.Document;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The translation step of building XBCP. The configuration (which evidence document goes to which language) is
 * {@code bench agent configure}'s own {@link ConfigurationBuilder}, so the two commands assign the same way; the
 * documents the corpus lacks in their assigned language are translated here, in parallel, by role
 * {@code translator} with the prompt {@code xbcp/translate.txt}. A reply is unusable when empty or when it drops an
 * item {@link PreservationCheck} found in the source (it is asked again, naming the missing items); after the last
 * attempt the document is a rejection.
 */
public final class XbcpTranslator {

    public static final String ROLE = "translator";
    public static final String PROMPT = "xbcp/translate.txt";
    public static final Decoding DECODING = Decoding.GREEDY;

    private XbcpTranslator() {
    }

    /** The documents the configuration needs translated, in the order the builder asks for them. */
    public static List<TranslationRequest> plan(AgentTask task, String rule, List<String> languages, long seed) {
        List<String[]> calls = new ArrayList<>();
        TranslationProvider recording = new TranslationProvider() {
            @Override
            public String name() {
                return "plan";
            }

            @Override
            public String translate(String text, String sourceLang, String targetLang) {
                calls.add(new String[] {text, sourceLang, targetLang});
                return "";
            }
        };
        ConfigurationBuilder.Built built = ConfigurationBuilder.build(task, rule, languages, seed, recording);
        List<TranslationRequest> out = new ArrayList<>();
        for (int i = 0; i < calls.size(); i++) {
            Object source = built.translated().get(i).metadata().get("source_id");
            out.add(new TranslationRequest(String.valueOf(source), calls.get(i)[1], calls.get(i)[2], calls.get(i)[0]));
        }
        return out;
    }

    /** Renders the translation prompt of one request. */
    public static Prompt prompt(PromptTemplate template, TranslationRequest r) {
        return template.render(Map.of("source_language", Languages.name(r.sourceLang()), "target_language",
                Languages.name(r.targetLang()), "text", r.text()));
    }

    /** Translates every request (results in request order). */
    public static List<Translation> translate(List<TranslationRequest> requests, BuildLlm llm, PromptTemplate template,
            int concurrency, int maxAttempts, BuildProgress progress) throws InterruptedException {
        return ItemRunner.run(requests, concurrency, r -> {
            Prompt prompt = prompt(template, r);
            Parsed<String> p = llm.askParsed(ROLE, prompt, DECODING, content -> usable(r, content), maxAttempts);
            return new Translation(r, p.value(), p.rejection(), p.attempts(), prompt);
        }, llm, progress);
    }

    static String usable(TranslationRequest r, String content) throws UnusableReplyException {
        String text = content.strip();
        if (text.isEmpty()) {
            throw new UnusableReplyException("the translation is empty");
        }
        List<String> missing = PreservationCheck.missing(r.text(), text);
        if (!missing.isEmpty()) {
            throw new UnusableReplyException("the translation does not keep, exactly as written, " + String.join(", ", missing));
        }
        return text;
    }

    /**
     * The configuration with the accepted translations, each translated document carrying its provenance (model,
     * prompt id, version and SHA-256, decoding, attempts). Call only when every translation was accepted.
     */
    public static ConfigurationBuilder.Built configuration(AgentTask task, String rule, List<String> languages, long seed,
            List<Translation> translations, String model) {
        Map<String, Translation> byCall = new HashMap<>();
        for (Translation t : translations) {
            if (!t.ok()) {
                throw new IllegalStateException("translation of " + t.request().sourceId() + " was rejected");
            }
            byCall.put(callKey(t.request().text(), t.request().sourceLang(), t.request().targetLang()), t);
        }
        TranslationProvider lookup = new TranslationProvider() {
            @Override
            public String name() {
                return "openai/" + model;
            }

            @Override
            public String translate(String text, String sourceLang, String targetLang) {
                Translation t = byCall.get(callKey(text, sourceLang, targetLang));
                if (t == null) {
                    throw new IllegalStateException("no translation was planned for a " + sourceLang + " text into " + targetLang);
                }
                return t.text();
            }
        };
        ConfigurationBuilder.Built built = ConfigurationBuilder.build(task, rule, languages, seed, lookup);
        Map<String, Document> byId = new HashMap<>();
        task.corpus().forEach(d -> byId.put(d.id(), d));
        List<Document> documents = new ArrayList<>();
        for (Document d : built.translated()) {
            Document source = byId.get(String.valueOf(d.metadata().get("source_id")));
            Translation t = byCall.get(callKey(source.text(), source.lang(), d.lang()));
            Map<String, Object> meta = new LinkedHashMap<>(d.metadata());
            meta.put("model", model);
            meta.put("prompt_id", t.prompt().templateId());
            meta.put("prompt_version", t.prompt().version());
            meta.put("prompt_sha256", t.prompt().sha256());
            meta.put("temperature", DECODING.temperature());
            meta.put("max_tokens", DECODING.maxTokens());
            meta.put("attempts", t.attempts());
            documents.add(new Document(d.id(), d.title(), d.text(), d.lang(), d.family(), meta));
        }
        return new ConfigurationBuilder.Built(built.configuration(), documents);
    }

    private static String callKey(String text, String sourceLang, String targetLang) {
        return sourceLang + "\u0000" + targetLang + "\u0000" + text;
    }
}
