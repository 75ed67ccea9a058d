package io.clirbench.core.construct.xbcp;

import io.clirbench.core.llm.Languages;
import io.clirbench.core.agentic.configure.ConfigurationBuilder;
import io.clirbench.core.agentic.configure.TranslationProvider;
import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.llm.BuildLlm;
import io.clirbench.core.llm.BuildProgress;
import io.clirbench.core.llm.Decoding;
import io.clirbench.core.llm.LlmCalls;
import io.clirbench.core.llm.ModelRef;
import io.clirbench.core.llm.Parsed;
import io.clirbench.core.llm.Prompt;
import io.clirbench.core.llm.PromptTemplate;
import io.clirbench.core.llm.step.StepRunner;
import io.clirbench.core.construct.xbcp.TranslationRequest.Part;
import io.clirbench.core.model.Document;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The translation step of building XBCP. The configuration (which evidence document goes to which language) is
 * {@code bench agent configure}'s own {@link ConfigurationBuilder}, so the two commands assign the same way; the
 * documents the corpus lacks in their assigned language are translated here, in parallel, by role
 * {@code translator}: the text with the prompt {@code xbcp/translate.txt}, and, when the source document has a
 * non-blank title, the title as a request of its own with {@code xbcp/title.txt}.
 *
 * <p>Why a separate title request: the builder (shared with {@code bench agent configure}) translates texts only, and a
 * title asked alone comes back as one line that needs no parsing, whereas a title and a long text in one reply would
 * need a JSON or marker format that a model breaks more often on long documents. The title request goes through the
 * same cache, retries and budget, and has its own provenance ({@code title_prompt_*}, {@code title_attempts}) on the
 * translated document. A reply is unusable when {@link TranslationReply} says so (it is asked again, naming the
 * problem); after the last attempt the part is a rejection, and a document with a rejected part is not written.
 */
public final class XbcpTranslator {

    public static final String ROLE = "translator";
    public static final String PROMPT = Part.TEXT.prompt();
    public static final String TITLE_PROMPT = Part.TITLE.prompt();
    public static final Decoding DECODING = Decoding.GREEDY;

    private XbcpTranslator() {
    }

    /** The prompt of each part: the shipped files, or the user's of the same name in {@code overrides}. */
    public static Map<Part, PromptTemplate> prompts(Path overrides) {
        Map<Part, PromptTemplate> out = new EnumMap<>(Part.class);
        for (Part p : Part.values()) {
            out.put(p, PromptTemplate.load(p.prompt(), overrides));
        }
        return out;
    }

    /**
     * What the configuration needs translated, in the order the builder asks for the texts; each text is followed by
     * its document's title when the source has a non-blank one.
     */
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
        Map<String, Document> byId = byId(task);
        List<TranslationRequest> out = new ArrayList<>();
        for (int i = 0; i < calls.size(); i++) {
            String sourceId = String.valueOf(built.translated().get(i).metadata().get("source_id"));
            String[] call = calls.get(i);
            out.add(new TranslationRequest(sourceId, call[1], call[2], Part.TEXT, call[0]));
            String title = byId.get(sourceId).title();
            if (title != null && !title.isBlank()) {
                out.add(new TranslationRequest(sourceId, call[1], call[2], Part.TITLE, title.strip()));
            }
        }
        return out;
    }

    /** Renders the prompt of one request (the template of its part). */
    public static Prompt prompt(Map<Part, PromptTemplate> templates, TranslationRequest r) {
        return templates.get(r.part()).render(Map.of("source_language", Languages.name(r.sourceLang()), "target_language",
                Languages.name(r.targetLang()), r.part().placeholder(), r.text()));
    }

    /** The default longest wording one translation call gets, in characters ({@code --chunk-chars}). */
    public static final int DEFAULT_CHUNK_CHARS = 6000;

    /** The calls a request takes: one per chunk of its text ({@link TextChunks}), one for a title. */
    public static int calls(TranslationRequest r, int chunkChars) {
        return r.part() == Part.TITLE ? 1 : TextChunks.split(r.text(), r.sourceLang(), chunkChars).size();
    }

    /**
     * Translates every request (results in request order). A text longer than {@code chunkChars} is translated chunk by
     * chunk ({@link TextChunks}: at paragraph, else sentence boundaries), each chunk a call of its own with the same
     * prompt, checks and retries as a whole text, and the translations joined with the source's separators; one rejected
     * chunk rejects the document, naming the chunk. A reply cut at the output limit is never accepted ({@link BuildLlm}).
     */
    public static List<Translation> translate(List<TranslationRequest> requests, BuildLlm llm, Map<Part, PromptTemplate> templates,
            int concurrency, int maxAttempts, int chunkChars, BuildProgress progress) throws InterruptedException {
        return new StepRunner(llm, concurrency, step -> progress).run(new XbcpTranslateStep(requests, templates, maxAttempts, chunkChars));
    }

    /** The chunks one request is asked in: a title whole, a text by {@link TextChunks}. */
    static List<String> chunks(TranslationRequest r, int chunkChars) {
        return r.part() == Part.TITLE ? List.of(r.text()) : TextChunks.split(r.text(), r.sourceLang(), chunkChars);
    }

    /** Translates one request, chunk by chunk when its text is longer than {@code chunkChars}. */
    static Translation translate(TranslationRequest r, LlmCalls llm, Map<Part, PromptTemplate> templates, int maxAttempts, int chunkChars)
            throws InterruptedException {
        List<String> chunks = chunks(r, chunkChars);
        if (chunks.size() == 1) {
            Prompt prompt = prompt(templates, r);
            Parsed<String> p = llm.askParsed(ROLE, prompt, DECODING, content -> TranslationReply.usable(r, content), maxAttempts);
            return new Translation(r, p.value(), p.rejection(), p.attempts(), prompt);
        }
        List<String> translated = new ArrayList<>();
        Prompt first = null;
        int attempts = 0;
        for (int k = 0; k < chunks.size(); k++) {
            String body = chunks.get(k).strip();
            if (body.isEmpty()) {
                translated.add("");
                continue;
            }
            TranslationRequest part = new TranslationRequest(r.sourceId(), r.sourceLang(), r.targetLang(), Part.TEXT, body);
            Prompt prompt = prompt(templates, part);
            first = first == null ? prompt : first;
            Parsed<String> p = llm.askParsed(ROLE, prompt, DECODING, content -> TranslationReply.usable(part, content), maxAttempts);
            attempts += p.attempts();
            if (!p.ok()) {
                return new Translation(r, null, "chunk " + (k + 1) + " of " + chunks.size() + ": " + p.rejection(), attempts, first,
                        chunks.size());
            }
            translated.add(p.value());
        }
        return new Translation(r, TextChunks.join(chunks, translated), null, attempts, first, chunks.size());
    }

    /** The title translations by translated docid ({@code LANG/SOURCE-DOCID}). */
    public static Map<String, Translation> titles(List<Translation> translations) {
        Map<String, Translation> out = new HashMap<>();
        translations.stream().filter(t -> t.request().part() == Part.TITLE).forEach(t -> out.put(t.request().translatedId(), t));
        return out;
    }

    /**
     * The configuration with the accepted translations, each translated document carrying its translated title (when
     * the source has one) and its provenance: model (and {@code model_revision} when configured), prompt id, version and
 * SHA-256, decoding, attempts, and the same
     * for the title ({@code title_prompt_id}, ...). Call only when every translation was accepted.
     */
    public static ConfigurationBuilder.Built configuration(AgentTask task, String rule, List<String> languages, long seed,
            List<Translation> translations, ModelRef model) {
        Map<String, Translation> byCall = new HashMap<>();
        for (Translation t : translations) {
            if (!t.ok()) {
                throw new IllegalStateException(t.request().part().label() + " translation of " + t.request().sourceId() + " was rejected");
            }
            if (t.request().part() == Part.TEXT) {
                byCall.put(callKey(t.request().text(), t.request().sourceLang(), t.request().targetLang()), t);
            }
        }
        Map<String, Translation> titles = titles(translations);
        ConfigurationBuilder.Built built = ConfigurationBuilder.build(task, rule, languages, seed, lookup(byCall, model));
        Map<String, Document> byId = byId(task);
        List<Document> documents = new ArrayList<>();
        for (Document d : built.translated()) {
            Document source = byId.get(String.valueOf(d.metadata().get("source_id")));
            Translation t = byCall.get(callKey(source.text(), source.lang(), d.lang()));
            Translation title = titles.get(d.id());
            Map<String, Object> meta = new LinkedHashMap<>(d.metadata());
            model.putInto(meta, "model_revision");
            provenance(meta, "", t);
            meta.put("temperature", DECODING.temperature());
            meta.put("max_tokens", DECODING.maxTokens());
            meta.put("attempts", t.attempts());
            if (t.chunks() > 1) {
                meta.put("chunks", t.chunks());
            }
            if (title != null) {
                provenance(meta, "title_", title);
                meta.put("title_attempts", title.attempts());
            }
            documents.add(new Document(d.id(), title == null ? null : title.text(), d.text(), d.lang(), d.family(), meta));
        }
        return new ConfigurationBuilder.Built(built.configuration(), documents);
    }

    private static void provenance(Map<String, Object> meta, String prefix, Translation t) {
        meta.put(prefix + "prompt_id", t.prompt().templateId());
        meta.put(prefix + "prompt_version", t.prompt().version());
        meta.put(prefix + "prompt_sha256", t.prompt().sha256());
    }

    private static TranslationProvider lookup(Map<String, Translation> byCall, ModelRef model) {
        return new TranslationProvider() {
            @Override
            public String name() {
                return "openai/" + model.model();
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
    }

    private static Map<String, Document> byId(AgentTask task) {
        Map<String, Document> byId = new HashMap<>();
        task.corpus().forEach(d -> byId.put(d.id(), d));
        return byId;
    }

    private static String callKey(String text, String sourceLang, String targetLang) {
        return sourceLang + "\u0000" + targetLang + "\u0000" + text;
    }
}
