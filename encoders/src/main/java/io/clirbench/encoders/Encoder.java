package io.clirbench.encoders;

import java.util.ArrayList;
import java.util.List;

/**
 * One loaded model: card, tokenization and inference (an ONNX session, or a static model's token vectors). {@link #embed} is the whole pipeline in
 * the calling thread (token-bounded batches, sorted by length); the service adds a queue in
 * front of {@link #encode} to merge callers.
 */
public final class Encoder implements AutoCloseable {

    private final ModelCard card;
    private final Tokenization tokenizer;
    private final Inference onnx;

    public Encoder(ModelCard card, Tokenization tokenizer, Inference onnx) {
        this.card = card;
        this.tokenizer = tokenizer;
        this.onnx = onnx;
    }

    /** Loads both files of a card. */
    public static Encoder load(ModelCard card, int intraOpThreads, String device) {
        return load(card, intraOpThreads, device, false);
    }

    /** Loads both files of a card; {@code spinning} lets idle ORT threads busy-wait. */
    public static Encoder load(ModelCard card, int intraOpThreads, String device, boolean spinning) {
        if (card.kind() == ModelCard.Kind.STATIC) {
            return StaticVectors.load(card);
        }
        if (card.kind() == ModelCard.Kind.REMOTE) {
            return io.clirbench.encoders.remote.RemoteInference.load(card, System.getenv());
        }
        TextTokenizer tokenizer = TextTokenizer.load(card);
        try {
            return new Encoder(card, tokenizer, OnnxEncoder.load(card, intraOpThreads, device, spinning));
        } catch (RuntimeException e) {
            tokenizer.close();
            throw e;
        }
    }

    public ModelCard card() {
        return card;
    }

    public String device() {
        return onnx.device();
    }

    /** {@link Inference#provenance()}: null unless something outside this process computes the vectors. */
    public String provenance() {
        return onnx.provenance();
    }

    /** A planner for this model: batches capped at one text when the card is not batch-invariant. */
    public BatchPlanner planner(int maxTokens, int maxTexts) {
        return new BatchPlanner(maxTokens, card.maxTextsPerCall(maxTexts));
    }

    public TokenizedText tokenize(Role role, String text) {
        return tokenizer.tokenize(role, text);
    }

    /** A (query, document) pair of a cross-encoder, tokenized by the pair encoding. */
    public TokenizedText tokenizePair(String query, String document) {
        return tokenizer.tokenizePair(query, document);
    }

    /** One model batch, vectors in input order (for a cross-encoder: one score per pair, as a vector of length 1). */
    public float[][] encode(List<TokenizedText> batch) {
        return onnx.encode(batch);
    }

    /** One model batch of one of the card's outputs ({@link Inference#encode(List, OutputKind)}), in input order. */
    public float[][] encode(List<TokenizedText> batch, OutputKind kind) {
        return onnx.encode(batch, kind);
    }

    /** Tokenizes and encodes {@code texts} in batches planned by {@code planner}; vectors in input order. */
    public float[][] embed(List<String> texts, Role role, BatchPlanner planner) {
        List<TokenizedText> tokenized = new ArrayList<>(texts.size());
        int[] lengths = new int[texts.size()];
        for (int i = 0; i < texts.size(); i++) {
            tokenized.add(tokenize(role, texts.get(i)));
            lengths[i] = tokenized.get(i).length();
        }
        float[][] out = new float[texts.size()][];
        for (int[] batch : planner.plan(lengths)) {
            List<TokenizedText> items = new ArrayList<>(batch.length);
            for (int i : batch) {
                items.add(tokenized.get(i));
            }
            float[][] vectors = encode(items);
            for (int k = 0; k < batch.length; k++) {
                out[batch[k]] = vectors[k];
            }
        }
        return out;
    }

    @Override
    public void close() throws Exception {
        try (tokenizer) {
            onnx.close();
        }
    }
}
