package io.clirbench.core.qa.select;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The QA system grammar: the three forms, their file names, and errors that name the value. */
class QaSystemIdTest {

    @Test
    void parsesTheThreeForms() {
        assertThat(QaSystemId.parse("select:lexical")).isEqualTo(new QaSystemId(QaSystemId.LEXICAL, "lexical"));
        assertThat(QaSystemId.parse("select:e5-small-v2-q")).isEqualTo(new QaSystemId(QaSystemId.ENCODER, "e5-small-v2-q"));
        assertThat(QaSystemId.parse(" predictions:my.reader_1 ").id()).isEqualTo("predictions:my.reader_1");
        assertThat(QaSystemId.parse("select:bge-small-en-v1.5-q").fileName()).isEqualTo("select-bge-small-en-v1.5-q");
    }

    @Test
    void rejectsOtherFormsNamingTheValue() {
        for (String bad : new String[] {"lexical", "select:", "select:a/b", "reader:x", "select:lexical:2"}) {
            assertThatThrownBy(() -> QaSystemId.parse(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'" + bad + "'");
        }
    }
}
