package io.clirbench.encoders;

import java.util.List;

/**
 * Everything the embedder needs to know about one model (the {@code model.json} card):
 * where its files are and how text becomes a vector. Built and validated by {@link ModelCardReader}.
 *
 * @param source where the card came from (for messages)
 * @param onnx the ONNX file: {@code classpath:name} or a path relative to the card
 * @param tokenizer the {@code tokenizer.json}: same forms as {@code onnx}
 * @param dimension hidden size of the model output
 * @param outputDimension Matryoshka truncation (equals {@code dimension} when none)
 * @param output name of the output tensor to read; null for the first output
 * @param queryTemplate template with one {@code {text}} placeholder for queries
 * @param documentTemplate same for documents
 * @param batchInvariant false for dynamically quantised (int8) exports: their activation
 *     scale is computed over the whole batch tensor, so a text's vector would depend on the
 *     texts batched with it; such models run one text per inference call
 * @param kind a bi-encoder (one vector per text, {@code Embed}) or a cross-encoder (one score per
 *     (query, document) pair, {@code Score}: pooling {@code tensor}, dimension 1, not normalised), or a static model
 *     (one vector per token, a text's vector the mean of its tokens' vectors: {@link StaticVectors})
 * @param weights a static model's token vectors (little-endian float32, one row per vocabulary line); null otherwise
 * @param vocabulary a static model's tokens, one a line (UTF-8); null otherwise
 * @param endpoint a remote model's served endpoint (kind {@code remote}: the vectors come from it, no file is loaded;
 *     {@code tokenizer}, when given, only counts tokens); null otherwise
 * @param sparse the card's {@code "sparse"} output (token-id weights: {@link SparseOutput}); null when it declares none
 * @param multivector the card's {@code "multivector"} output (one vector per token: {@link MultiVectorOutput}); null when
 *     it declares none
 */
public record ModelCard(
        Kind kind,
        String source,
        String id,
        String description,
        List<String> languages,
        String onnx,
        String tokenizer,
        String quantization,
        int dimension,
        int outputDimension,
        int maxTokens,
        boolean truncate,
        Pooling pooling,
        String output,
        PaddingSide padding,
        boolean lowercase,
        boolean normalize,
        boolean batchInvariant,
        String queryTemplate,
        String documentTemplate,
        String weights,
        String vocabulary,
        RemoteEndpoint endpoint,
        SparseOutput sparse,
        MultiVectorOutput multivector) {

    public static final String TEXT = "{text}";

    /** A card with the dense output only. */
    public ModelCard(Kind kind, String source, String id, String description, List<String> languages, String onnx,
                     String tokenizer, String quantization, int dimension, int outputDimension, int maxTokens, boolean truncate,
                     Pooling pooling, String output, PaddingSide padding, boolean lowercase, boolean normalize,
                     boolean batchInvariant, String queryTemplate, String documentTemplate, String weights, String vocabulary,
                     RemoteEndpoint endpoint) {
        this(kind, source, id, description, languages, onnx, tokenizer, quantization, dimension, outputDimension, maxTokens,
                truncate, pooling, output, padding, lowercase, normalize, batchInvariant, queryTemplate, documentTemplate,
                weights, vocabulary, endpoint, null, null);
    }

    /** The outputs {@code Embed} can compute: dense always, sparse and multivector when declared. */
    public List<OutputKind> outputs() {
        List<OutputKind> out = new java.util.ArrayList<>(List.of(OutputKind.DENSE));
        if (sparse != null) {
            out.add(OutputKind.SPARSE);
        }
        if (multivector != null) {
            out.add(OutputKind.MULTIVECTOR);
        }
        return out;
    }

    /** What the model computes: vectors of single texts, or scores of (query, document) pairs. */
    public enum Kind {
        BI_ENCODER("bi-encoder"), CROSS_ENCODER("cross-encoder"), STATIC("static"), REMOTE("remote");

        private final String cardName;

        Kind(String cardName) {
            this.cardName = cardName;
        }

        /** The card's (and Info's) spelling: {@code bi-encoder}, {@code cross-encoder}, {@code static}, {@code remote}. */
        public String cardName() {
            return cardName;
        }
    }

    /** Which side of a batch row gets the padding. Decoder models with last-token pooling use LEFT. */
    public enum PaddingSide { LEFT, RIGHT }

    public ModelCard {
        languages = List.copyOf(languages);
    }

    /** The text the tokenizer sees for a role: template applied, lower-cased when the card says so. */
    public String apply(Role role, String text) {
        String template = role == Role.QUERY ? queryTemplate : documentTemplate;
        String filled = template.replace(TEXT, text);
        return lowercase ? filled.toLowerCase(java.util.Locale.ROOT) : filled;
    }

    public boolean crossEncoder() {
        return kind == Kind.CROSS_ENCODER;
    }

    /** The most texts one inference call may hold: 1 unless the model is batch-invariant. */
    public int maxTextsPerCall(int configured) {
        return batchInvariant ? configured : 1;
    }

    /** Pooling as reported to clients: {@code tensor:<name>} for a pooled output. */
    public String poolingDescription() {
        return pooling == Pooling.TENSOR ? "tensor:" + output : pooling.cardName();
    }
}
