package io.clirbench.core.qa.select;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.search.TypedId;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The QA system grammar: the three forms, their file names, factories, a new kind, and errors that name the value. */
class QaSystemIdTest {

    @Test
    void parsesTheThreeForms() {
        assertThat(QaSystemId.parse("select:lexical")).isEqualTo(QaSystemId.lexical());
        assertThat(QaSystemId.parse("select:lexical").kind()).isEqualTo(QaSystemId.LEXICAL);
        assertThat(QaSystemId.parse("select:e5-small-v2-q")).isEqualTo(new EncoderSelectId("e5-small-v2-q"));
        assertThat(QaSystemId.parse("select:e5-small-v2-q").models()).containsExactly("e5-small-v2-q");
        assertThat(QaSystemId.parse("predictions:x").kind()).isEqualTo(QaSystemId.PREDICTIONS);
        assertThat(QaSystemId.parse(" predictions:my.reader_1 ").id()).isEqualTo("predictions:my.reader_1");
        assertThat(QaSystemId.parse("select:bge-small-en-v1.5-q").fileName()).isEqualTo("select-bge-small-en-v1.5-q");
    }

    @Test
    void rejectsOtherFormsNamingTheValue() {
        for (String bad : new String[] {"lexical", "select:", "select:a/b", "reader:x", "select:lexical:2"}) {
            assertThatThrownBy(() -> QaSystemId.parse(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'" + bad + "'")
                    .hasMessageContaining("expected select:lexical, select:MODEL or predictions:NAME");
        }
    }

    @Test
    void factoriesGiveTheCanonicalText() {
        assertThat(QaSystemId.encoder("m-1").id()).isEqualTo("select:m-1");
        assertThat(QaSystemId.predictions("run.a").id()).isEqualTo("predictions:run.a");
        assertThat(QaSystemId.encoder("m-1").typed()).isEqualTo(new TypedId("select:m-1", "select-encoder", List.of("m-1"), true));
        assertThat(QaSystemId.lexical().typed().embedsCorpus()).isFalse();
        assertThatThrownBy(() -> QaSystemId.encoder("a/b")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'a/b'");
    }

    /** A new kind is a record and a syntax row: {@code reader:NAME} here, tried before the shipped forms. */
    @Test
    void aGrammarTakesANewKind() {
        record ReaderId(String name) implements QaSystemId {
            @Override
            public String id() {
                return "reader:" + name;
            }

            @Override
            public String kind() {
                return "reader";
            }
        }
        QaSystemGrammar grammar = QaSystemGrammar.builtIn().with(QaSystemSyntax.prefixed("reader", "reader:NAME", ReaderId::new));
        assertThat(grammar.parse("reader:x")).isEqualTo(new ReaderId("x"));
        assertThat(grammar.parse("select:lexical")).isEqualTo(QaSystemId.lexical());
        assertThatThrownBy(() -> grammar.parse("other:x")).hasMessageContaining("reader:NAME, select:lexical, select:MODEL or predictions:NAME");
        assertThatThrownBy(() -> QaSystemId.parse("reader:x")).isInstanceOf(QaSystemIdException.class);
    }
}
