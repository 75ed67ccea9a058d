package io.clirbench.encoders;

/** Text to token ids, as a card says: the Hugging Face tokenizer ({@link TextTokenizer}) or a static model's vocabulary ({@link StaticVocabulary}). */
public interface Tokenization extends AutoCloseable {

    TokenizedText tokenize(Role role, String text);

    /** A (query, document) pair for a cross-encoder. */
    TokenizedText tokenizePair(String query, String document);

    @Override
    void close();
}
