package io.clirbench.encoders;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Model cards ({@code model.json}, embedder-service; {@code bench distil} writes static ones): the card's bytes
 * through {@link ModelCardReader#parse}, which documents {@link ModelCardException} naming the card and the field.
 * In this package (a test source of the fuzz module) only to reach {@code parse} without a file.
 */
class ModelCardFuzzTest {

    @FuzzTest
    @DictionaryEntries({"\"kind\"", "\"cross-encoder\"", "\"static\"", "\"dimension\"", "\"outputDimension\"", "\"pooling\"",
            "\"tensor\"", "\"output\"", "\"onnx\"", "\"tokenizer\"", "\"weights\"", "\"vocabulary\"", "\"query\"",
            "\"document\"", "\"template\"", "\"prefix\"", "{text}", "\"languages\"", "\"maxTokens\"", "\"padding\""})
    void modelCard(byte[] data) {
        try {
            ModelCardReader.parse("fuzz/model.json", data);
        } catch (ModelCardException e) {
            // documented
        }
    }
}
