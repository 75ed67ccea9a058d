package io.clirbench.encoders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The model-card catalogue ({@code encoders/model-cards/}). No weights of these models can be fetched here, so
 * each card is checked twice, without its model:
 *
 * <ol>
 *   <li>its fields against {@link #PUBLISHED}, a table written from each model's published model card (the URL is the
 *       row's first column and must be the card's {@code source}): pooling, normalisation, prefixes or instruction,
 *       max tokens, dimension;</li>
 *   <li>its conventions (template, truncation at its max tokens, pooling, padding side, Matryoshka truncation,
 *       normalisation) run through the real {@link TextTokenizer} and {@link OnnxEncoder} on a tiny generated model
 *       (dimension 6; {@code src/test/catalogue/build_tiny_models.py} wrote {@code src/test/resources/catalogue/}),
 *       against vectors computed from the published row (never from the card) with the token vectors {@link #E} below,
 *       and, for seven cards, against vectors computed by hand in the comments of {@link #handComputedVectors}.</li>
 * </ol>
 *
 * <p>The tiny encoder is bidirectional: h[t] = E[id t] + S with S the sum of E over the attended tokens, so CLS pooling
 * gives E[first] + S, mean pooling mean(E) + S, {@code pooler_output} tanh(E[first] + S) (BERT's pooler with an identity
 * dense layer) and {@code sentence_embedding} mean(E) + S. The tiny decoder is causal: h[t] = sum of E up to t, so the
 * last token gives S. Its tokenizers split like Hugging Face's Whitespace pre-tokenizer ({@code \w+|[^\w\s]+}) over
 * the 21 words of {@link #VOCAB} (others are {@code <unk>}) and add {@code <s> … </s>} (encoders) or {@code … <|endoftext|>}
 * (the decoder, as Qwen3-Embedding's tokenizer does).
 *
 * <p>The padding side cannot change a vector of a correctly masked model; it is checked as a card field and by
 * encoding texts of different lengths in one batch, which must give each text's vector alone.
 */
class CatalogueConventionsTest {

    static final Path CARDS = Path.of(System.getProperty("project.root", ".."), "encoders", "model-cards");

    /** One model's published conventions; templates hold {text}; outputDimension is the card's chosen Matryoshka size. */
    record Published(String id, String modelCard, Pooling pooling, String tensor, ModelCard.PaddingSide padding,
            boolean normalize, String query, String document, int maxTokens, int dimension, int outputDimension) {
    }

    static final String HF = "https://huggingface.co/";
    static final String TEXT = ModelCard.TEXT;
    static final ModelCard.PaddingSide RIGHT = ModelCard.PaddingSide.RIGHT;
    /** The retrieval task of the instruction-following models' examples (e5-instruct's and Qwen3's model cards). */
    static final String WEB_SEARCH = "Given a web search query, retrieve relevant passages that answer the query";

    /** From the model cards at the cited URLs (read before this session; no network here to re-read them). */
    static final List<Published> PUBLISHED = List.of(
            // "query: " / "passage: " prefixes, average_pool + normalize, "truncated to at most 512 tokens"; 384/768/1024
            new Published("multilingual-e5-small", HF + "intfloat/multilingual-e5-small", Pooling.MEAN, null, RIGHT, true,
                    "query: " + TEXT, "passage: " + TEXT, 512, 384, 384),
            new Published("multilingual-e5-base", HF + "intfloat/multilingual-e5-base", Pooling.MEAN, null, RIGHT, true,
                    "query: " + TEXT, "passage: " + TEXT, 512, 768, 768),
            new Published("multilingual-e5-large", HF + "intfloat/multilingual-e5-large", Pooling.MEAN, null, RIGHT, true,
                    "query: " + TEXT, "passage: " + TEXT, 512, 1024, 1024),
            // get_detailed_instruct: f'Instruct: {task_description}\nQuery: {query}'; no instruction on documents
            new Published("multilingual-e5-large-instruct", HF + "intfloat/multilingual-e5-large-instruct", Pooling.MEAN, null,
                    RIGHT, true, "Instruct: " + WEB_SEARCH + "\nQuery: " + TEXT, TEXT, 512, 1024, 1024),
            // dense: the [CLS] hidden state, normalised; "no need to add instruction"; max_length up to 8192
            new Published("bge-m3", HF + "BAAI/bge-m3", Pooling.CLS, null, RIGHT, true, TEXT, TEXT, 8192, 1024, 1024),
            // sentence-transformers modules: Transformer (max_seq_length 256), Pooling (CLS), Dense 768 tanh, Normalize
            new Published("labse", HF + "sentence-transformers/LaBSE", Pooling.TENSOR, "pooler_output", RIGHT, true,
                    TEXT, TEXT, 256, 768, 768),
            // Transformer (max_seq_length 128) + Pooling (mean): no Normalize module
            new Published("paraphrase-multilingual-minilm-l12-v2", HF + "sentence-transformers/paraphrase-multilingual-MiniLM-L12-v2",
                    Pooling.MEAN, null, RIGHT, false, TEXT, TEXT, 128, 384, 384),
            // last_token_pool, padding_side='left', normalize; f'Instruct: {task_description}\nQuery:{query}'; 32k context;
            // MRL 32..1024
            new Published("qwen3-embedding-0.6b", HF + "Qwen/Qwen3-Embedding-0.6B", Pooling.LAST_TOKEN, null,
                    ModelCard.PaddingSide.LEFT, true, "Instruct: " + WEB_SEARCH + "\nQuery:" + TEXT, TEXT, 32768, 1024, 1024),
            // CLS, normalize, query_prefix = 'query: ', documents without; 8192 context; MRL down to 256
            new Published("snowflake-arctic-embed-l-v2.0", HF + "Snowflake/snowflake-arctic-embed-l-v2.0", Pooling.CLS, null,
                    RIGHT, true, "query: " + TEXT, TEXT, 8192, 1024, 1024),
            // CLS ([:, 0]), normalize, no instruction; 8192 tokens; 768 (elastic 128..768)
            new Published("gte-multilingual-base", HF + "Alibaba-NLP/gte-multilingual-base", Pooling.CLS, null, RIGHT, true,
                    TEXT, TEXT, 8192, 768, 768),
            // the cards of the ChemCLIR study that were here before the catalogue
            // prompts "task: search result | query: " / "title: none | text: "; mean + dense layers; 2048; MRL 768..128
            new Published("embeddinggemma-300m", HF + "google/embeddinggemma-300m", Pooling.TENSOR, "sentence_embedding", RIGHT,
                    true, "task: search result | query: " + TEXT, "title: none | text: " + TEXT, 2048, 768, 256),
            // CLS, no prefixes, 512
            new Published("granite-embedding-278m-multilingual", HF + "ibm-granite/granite-embedding-278m-multilingual",
                    Pooling.CLS, null, RIGHT, true, TEXT, TEXT, 512, 768, 768),
            // mean, "search_query: " / "search_document: ", 512, MRL 768/256
            new Published("nomic-embed-text-v2-moe", HF + "nomic-ai/nomic-embed-text-v2-moe", Pooling.MEAN, null, RIGHT, true,
                    "search_query: " + TEXT, "search_document: " + TEXT, 512, 768, 768),
            // CLS of short entity names ([:, 0]); the card's 64 tokens is this study's choice (the examples use 25)
            new Published("sapbert-xlmr", HF + "cambridgeltl/SapBERT-UMLS-2020AB-all-lang-from-XLMR", Pooling.CLS, null, RIGHT,
                    true, TEXT, TEXT, 64, 768, 768));

    // ---- the tiny models (build_tiny_models.py holds the same table) ----

    static final List<String> VOCAB = List.of("<pad>", "<s>", "</s>", "<unk>", "<|endoftext|>", "query", ":", "passage",
            "Instruct", "Query", "cat", "sat", "search_query", "search_document", "task", "|", "title", "text", "none",
            "search", "result");
    static final int S_START = 1;
    static final int S_END = 2;
    static final int UNK = 3;
    static final int EOT = 4;
    static final int[][] E = {
        {9, 9, 9, 9, 9, 9},   // <pad>
        {1, 0, 0, 0, 0, 0},   // <s>
        {0, 1, 0, 0, 0, 0},   // </s>
        {0, 0, 0, 0, 0, 1},   // <unk>
        {0, 1, 0, 0, 0, 1},   // <|endoftext|>
        {0, 0, 1, 0, 0, 0},   // query
        {0, 0, 0, 1, 0, 0},   // :
        {0, 0, 0, 0, 1, 0},   // passage
        {1, 0, 1, 0, 0, 0},   // Instruct
        {0, 0, 1, 1, 0, 0},   // Query
        {0, 0, 0, 0, 2, 1},   // cat
        {0, 0, 2, 0, 0, 1},   // sat
        {1, 0, 0, 1, 0, 0},   // search_query
        {0, 1, 0, 0, 1, 0},   // search_document
        {1, 1, 1, 0, 0, 0},   // task
        {0, 0, 0, 1, 1, 1},   // |
        {1, 0, 0, 0, 1, 0},   // title
        {0, 1, 0, 1, 0, 0},   // text
        {0, 0, 1, 0, 1, 0},   // none
        {1, 0, 0, 0, 0, 1},   // search
        {0, 1, 1, 0, 0, 0},   // result
    };
    static final int TINY_DIMENSION = 6;
    static final double TOLERANCE = 1e-5;
    static final ObjectMapper JSON = new ObjectMapper();

    static Stream<Path> cards() throws IOException {
        try (Stream<Path> files = Files.list(CARDS)) {
            return files.filter(p -> p.toString().endsWith(".json")).sorted().toList().stream();
        }
    }

    static Published published(String id) {
        return PUBLISHED.stream().filter(p -> p.id().equals(id)).findFirst()
                .orElseGet(() -> fail("model-cards/" + id + ".json has no row in CatalogueConventionsTest.PUBLISHED: add one "
                        + "from its published model card"));
    }

    // ---- 1. the card's fields are the published ones ----

    @ParameterizedTest
    @MethodSource("cards")
    void everyCardStatesItsPublishedConventionsAndCitesItsModelCard(Path file) throws IOException {
        ModelCard card = ModelCardReader.read(file);
        Published p = published(card.id());
        assertThat(JSON.readTree(file.toFile()).path("source").asText()).as("source of " + file).isEqualTo(p.modelCard());
        assertThat(card.kind()).isEqualTo(ModelCard.Kind.BI_ENCODER);
        assertThat(card.pooling()).as("pooling").isEqualTo(p.pooling());
        assertThat(card.output()).as("output tensor").isEqualTo(p.tensor());
        assertThat(card.padding()).as("padding").isEqualTo(p.padding());
        assertThat(card.normalize()).as("normalize").isEqualTo(p.normalize());
        assertThat(card.queryTemplate()).as("query template").isEqualTo(p.query());
        assertThat(card.documentTemplate()).as("document template").isEqualTo(p.document());
        assertThat(card.maxTokens()).as("maxTokens").isEqualTo(p.maxTokens());
        assertThat(card.dimension()).as("dimension").isEqualTo(p.dimension());
        assertThat(card.outputDimension()).as("outputDimension").isEqualTo(p.outputDimension());
        assertThat(card.truncate()).isTrue();
        assertThat(card.lowercase()).isFalse();
        assertThat(card.description()).as("description of " + file).isNotBlank();
    }

    @Test
    void theCatalogueHasACardForEveryModelOfIssue41() throws IOException {
        List<String> ids = cards().map(f -> f.getFileName().toString().replace(".json", "")).toList();
        assertThat(ids).contains("multilingual-e5-small", "multilingual-e5-base", "multilingual-e5-large",
                "multilingual-e5-large-instruct", "bge-m3", "labse", "paraphrase-multilingual-minilm-l12-v2",
                "qwen3-embedding-0.6b", "snowflake-arctic-embed-l-v2.0", "gte-multilingual-base");
        assertThat(ids).containsExactlyInAnyOrderElementsOf(PUBLISHED.stream().map(Published::id).toList());
    }

    // ---- 2. the card's conventions on the tiny model ----

    /** The card with the tiny model's files and dimension; every convention (pooling, templates, ...) is the card's. */
    static Encoder tinyEncoder(Path file) throws IOException {
        ObjectNode json = (ObjectNode) JSON.readTree(file.toFile());
        int dimension = json.get("dimension").asInt();
        int output = json.path("outputDimension").asInt(dimension);
        assertThat(TINY_DIMENSION * output % dimension).as("Matryoshka ratio of " + file + " fits the tiny model").isZero();
        boolean decoder = published(json.get("id").asText()).pooling() == Pooling.LAST_TOKEN;
        json.put("onnx", "classpath:catalogue/" + (decoder ? "tiny-decoder.onnx" : "tiny-encoder.onnx"));
        json.put("tokenizer", "classpath:catalogue/" + (decoder ? "decoder-tokenizer.json" : "encoder-tokenizer.json"));
        json.put("dimension", TINY_DIMENSION);
        if (json.has("outputDimension")) {
            json.put("outputDimension", TINY_DIMENSION * output / dimension);
        }
        ModelCard card = ModelCardReader.parse(file + " (on the tiny model)", JSON.writeValueAsBytes(json));
        return Encoder.load(card, 1, "cpu");
    }

    @ParameterizedTest
    @MethodSource("cards")
    void everyCardsConventionsGiveTheHandComputedVectorsOnTheTinyModel(Path file) throws Exception {
        String id = file.getFileName().toString().replace(".json", "");
        Published p = published(id);
        List<String> queries = List.of("cat sat", "cat", "sat cat the cat sat");
        List<String> documents = List.of("sat", "The cat sat.");
        try (Encoder encoder = tinyEncoder(file)) {
            for (Role role : Role.values()) {
                List<String> texts = role == Role.QUERY ? queries : documents;
                List<TokenizedText> batch = new ArrayList<>();
                for (String text : texts) {
                    TokenizedText t = encoder.tokenize(role, text);
                    assertThat(t.ids()).as(id + " " + role + " tokens of \"" + text + "\"").containsExactly(expectedTokens(p, role, text));
                    batch.add(t);
                }
                // one padded batch (texts of different lengths) against each text alone and against the reference
                float[][] together = encoder.encode(batch);
                for (int i = 0; i < texts.size(); i++) {
                    float[] alone = encoder.encode(List.of(batch.get(i)))[0];
                    double[] expected = expectedVector(p, expectedTokens(p, role, texts.get(i)));
                    assertClose(id + " " + role + " \"" + texts.get(i) + "\" in a batch", together[i], expected);
                    assertClose(id + " " + role + " \"" + texts.get(i) + "\" alone", alone, expected);
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("cards")
    void textsAreCutAtThePublishedMaxTokensKeepingTheSpecialTokens(Path file) throws Exception {
        String id = file.getFileName().toString().replace(".json", "");
        Published p = published(id);
        String longText = "cat sat ".repeat(p.maxTokens() / 2 + 8);
        try (Encoder encoder = tinyEncoder(file)) {
            for (Role role : Role.values()) {
                TokenizedText t = encoder.tokenize(role, longText);
                long[] expected = expectedTokens(p, role, longText);
                assertThat(t.length()).as(id + " " + role).isEqualTo(p.maxTokens());
                assertThat(t.truncated()).isTrue();
                assertThat(t.ids()).containsExactly(expected);
                assertThat(t.ids()[t.length() - 1]).isEqualTo(p.pooling() == Pooling.LAST_TOKEN ? EOT : S_END);
                assertClose(id + " " + role + " truncated", encoder.encode(List.of(t))[0], expectedVector(p, expected));
            }
        }
    }

    /**
     * Seven conventions computed by hand from {@link #E} (vectors in the comments are before normalisation).
     */
    @Test
    void handComputedVectors() throws Exception {
        // multilingual-e5-small, query "cat": <s> query : cat </s>; S = (1,0,0,0,0,0)+(0,0,1,0,0,0)+(0,0,0,1,0,0)
        // +(0,0,0,0,2,1)+(0,1,0,0,0,0) = (1,1,1,1,2,1); mean pooling: mean(E) + S = S/5 + S = 1.2 S; |S| = 3
        // -> (1,1,1,1,2,1)/3. Document "cat": <s> passage : cat </s>, S = (1,1,0,1,3,1), |S| = sqrt 13.
        assertHand("multilingual-e5-small", Role.QUERY, "cat", 1 / 3.0, 1 / 3.0, 1 / 3.0, 1 / 3.0, 2 / 3.0, 1 / 3.0);
        double r13 = Math.sqrt(13);
        assertHand("multilingual-e5-small", Role.DOCUMENT, "cat", 1 / r13, 1 / r13, 0, 1 / r13, 3 / r13, 1 / r13);
        // bge-m3, "cat" either side: <s> cat </s>, S = (1,1,0,0,2,1); CLS = E[<s>] + S = (2,1,0,0,2,1), |.| = sqrt 10
        double r10 = Math.sqrt(10);
        assertHand("bge-m3", Role.QUERY, "cat", 2 / r10, 1 / r10, 0, 0, 2 / r10, 1 / r10);
        // snowflake-arctic-embed-l-v2.0, query "cat": <s> query : cat </s>, CLS = (1,0,0,0,0,0) + (1,1,1,1,2,1)
        // = (2,1,1,1,2,1), |.| = sqrt 12; document "cat" has no prefix: as bge-m3
        double r12 = Math.sqrt(12);
        assertHand("snowflake-arctic-embed-l-v2.0", Role.QUERY, "cat", 2 / r12, 1 / r12, 1 / r12, 1 / r12, 2 / r12, 1 / r12);
        assertHand("snowflake-arctic-embed-l-v2.0", Role.DOCUMENT, "cat", 2 / r10, 1 / r10, 0, 0, 2 / r10, 1 / r10);
        // labse, "cat": pooler_output = tanh(2,1,0,0,2,1) = (0.9640276, 0.7615942, 0, 0, 0.9640276, 0.7615942),
        // norm sqrt(2 * 0.9640276^2 + 2 * 0.7615942^2) = 1.7374549 -> (0.5548504, 0.4383389, 0, 0, 0.5548504, 0.4383389)
        assertHand("labse", Role.QUERY, "cat", 0.5548504, 0.4383389, 0, 0, 0.5548504, 0.4383389);
        // paraphrase-multilingual-MiniLM-L12-v2, "cat": mean(E) + S = S/3 + S = 4/3 (1,1,0,0,2,1), NOT normalised
        assertHand("paraphrase-multilingual-minilm-l12-v2", Role.QUERY, "cat", 4 / 3.0, 4 / 3.0, 0, 0, 8 / 3.0, 4 / 3.0);
        // qwen3-embedding-0.6b, query "cat": "Instruct: Given a web search query, retrieve relevant passages that answer
        // the query\nQuery:cat" splits into Instruct : Given a web search query , retrieve relevant passages that answer
        // the query Query : cat, then <|endoftext|>; ten of them are <unk> (Given a web , retrieve relevant passages that
        // answer the). Last token of the causal model = sum of all: Instruct (1,0,1,0,0,0) + 2 x ":" (0,0,0,2,0,0)
        // + 10 x <unk> (0,0,0,0,0,10) + search (1,0,0,0,0,1) + 2 x query (0,0,2,0,0,0) + Query (0,0,1,1,0,0)
        // + cat (0,0,0,0,2,1) + <|endoftext|> (0,1,0,0,0,1) = (2,1,4,3,2,13), |.| = sqrt 203.
        // Document "cat": cat <|endoftext|> = (0,1,0,0,2,2), |.| = 3.
        double r203 = Math.sqrt(203);
        assertHand("qwen3-embedding-0.6b", Role.QUERY, "cat", 2 / r203, 1 / r203, 4 / r203, 3 / r203, 2 / r203, 13 / r203);
        assertHand("qwen3-embedding-0.6b", Role.DOCUMENT, "cat", 0, 1 / 3.0, 0, 0, 2 / 3.0, 2 / 3.0);
        // embeddinggemma-300m, query "cat": <s> task : search result | query : cat </s> (10 tokens); S = (1,0,0,0,0,0)
        // + (1,1,1,0,0,0) + 2 x (0,0,0,1,0,0) + (1,0,0,0,0,1) + (0,1,1,0,0,0) + (0,0,0,1,1,1) + (0,0,1,0,0,0)
        // + (0,0,0,0,2,1) + (0,1,0,0,0,0) = (3,3,3,3,3,3); sentence_embedding = S/10 + S = 3.3 each; Matryoshka 256 of
        // 768 keeps 2 of the tiny 6: (3.3, 3.3) -> (1/sqrt 2, 1/sqrt 2)
        double half = Math.sqrt(0.5);
        assertHand("embeddinggemma-300m", Role.QUERY, "cat", half, half);
    }

    private static void assertHand(String id, Role role, String text, double... expected) throws Exception {
        try (Encoder encoder = tinyEncoder(CARDS.resolve(id + ".json"))) {
            float[] actual = encoder.encode(List.of(encoder.tokenize(role, text)))[0];
            assertClose(id + " " + role + " \"" + text + "\" by hand", actual, expected);
            // and the reference used by the other tests agrees with the hand computation
            assertClose(id + " reference", toFloats(expectedVector(published(id), expectedTokens(published(id), role, text))), expected);
        }
    }

    // ---- the reference: the published row applied to the tiny model, without the code under test ----

    private static final Pattern WORDS = Pattern.compile("\\w+|[^\\w\\s]+");
    private static final Map<String, Integer> IDS = VOCAB.stream().collect(Collectors.toMap(Function.identity(), VOCAB::indexOf));

    /** The published template filled, split like the Whitespace pre-tokenizer, cut at maxTokens, special tokens added. */
    static long[] expectedTokens(Published p, Role role, String text) {
        String filled = (role == Role.QUERY ? p.query() : p.document()).replace(TEXT, text);
        List<Long> words = new ArrayList<>();
        Matcher m = WORDS.matcher(filled);
        while (m.find()) {
            words.add((long) IDS.getOrDefault(m.group(), UNK));
        }
        boolean decoder = p.pooling() == Pooling.LAST_TOKEN;
        int room = p.maxTokens() - (decoder ? 1 : 2);
        List<Long> ids = new ArrayList<>();
        if (!decoder) {
            ids.add((long) S_START);
        }
        ids.addAll(words.subList(0, Math.min(room, words.size())));
        ids.add((long) (decoder ? EOT : S_END));
        return ids.stream().mapToLong(Long::longValue).toArray();
    }

    /** The tiny model's vector for the tokens under the published pooling, Matryoshka size and normalisation. */
    static double[] expectedVector(Published p, long[] ids) {
        double[] sum = new double[TINY_DIMENSION];
        for (long id : ids) {
            for (int d = 0; d < TINY_DIMENSION; d++) {
                sum[d] += E[(int) id][d];
            }
        }
        double[] v = new double[TINY_DIMENSION];
        for (int d = 0; d < TINY_DIMENSION; d++) {
            double first = E[(int) ids[0]][d] + sum[d];
            double mean = sum[d] / ids.length + sum[d];
            v[d] = switch (p.pooling()) {
                case CLS -> first;
                case MEAN -> mean;
                case LAST_TOKEN -> sum[d];
                case TENSOR -> p.tensor().equals("pooler_output") ? Math.tanh(first) : mean;
            };
        }
        double[] kept = java.util.Arrays.copyOf(v, TINY_DIMENSION * p.outputDimension() / p.dimension());
        if (!p.normalize()) {
            return kept;
        }
        double norm = Math.sqrt(java.util.Arrays.stream(kept).map(x -> x * x).sum());
        return java.util.Arrays.stream(kept).map(x -> x / norm).toArray();
    }

    private static float[] toFloats(double[] v) {
        float[] out = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = (float) v[i];
        }
        return out;
    }

    private static void assertClose(String what, float[] actual, double[] expected) {
        assertThat(actual).as(what + " dimension").hasSize(expected.length);
        for (int i = 0; i < expected.length; i++) {
            double allowed = TOLERANCE * Math.max(1, Math.abs(expected[i]));
            if (Math.abs(actual[i] - expected[i]) > allowed) {
                fail(what + ": component " + i + " is " + actual[i] + ", expected " + expected[i] + " (vector "
                        + java.util.Arrays.toString(actual) + " against " + java.util.Arrays.toString(expected) + ")");
            }
        }
    }
}
