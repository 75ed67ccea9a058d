package io.clirbench.core.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The text encoders and BM25 see for a document. */
class DocumentTest {

    @Test
    void titleAndTextAreJoinedByABlankLine() {
        assertThat(new Document("d", "Title", "Body text.", "en", "f", Map.of()).indexedText())
                .isEqualTo("Title\n\nBody text.");
    }

    @Test
    void anAbsentOrBlankTitleLeavesTheTextAlone() {
        assertThat(new Document("d", null, "Body", "en", "f", Map.of()).indexedText()).isEqualTo("Body");
        assertThat(new Document("d", "", "Body", "en", "f", Map.of()).indexedText()).isEqualTo("Body");
        assertThat(new Document("d", " \t", "Body", "en", "f", Map.of()).indexedText()).isEqualTo("Body");
    }
}
