package io.clirbench.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 45, hostile {@code dt(BASE, PIVOT)} ids (and, since a composed id is parsed by recursion, any id): each is refused
 * with a {@link RetrieverIdException} whose reason names the value, never a StackOverflowError, and an id that is right
 * still parses. Expected reasons are the grammar's wording, written by hand.
 */
class DocTranslateIdHostileTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        // already refused before issue 45's third pass
        "dt(bm25, xx)|pivot 'xx' is not an ISO 639-1 code",
        "dt(bm25, eng)|pivot 'eng' is not an ISO 639-1 code (use 'en')",
        "dt(bm25)|dt takes a lexical retriever and a pivot, got 1 arguments",
        "dt(bm25, en, de)|dt takes a lexical retriever and a pivot, got 3 arguments",
        "dt(dt(bm25,en),de)|only bm25 or bm25(CHAIN) can search translated documents, not 'dt(bm25,en)'",
        "dt(translate(bm25),en)|only bm25 or bm25(CHAIN) can search translated documents, not 'translate(bm25)'",
        "dt(m/exact, en)|only bm25 or bm25(CHAIN) can search translated documents, not 'm/exact'",
        "dt(bm25, en))|unbalanced ')'",
        "dt((bm25, en)|unbalanced '('",
        "'dt(bm25, )'|argument 2 of dt(...) is empty",
        "dt(bm25, \u00e9n)|pivot '\u00e9n' is not an ISO 639-1 code",
        // new: the code meant, where it is plain
        "dt(bm25, iw)|pivot 'iw' is not an ISO 639-1 code (use 'he')",
        "dt(bm25, en-US)|pivot 'en-US' is not an ISO 639-1 code (use 'en')",
        "translate(bm25, EN_gb)|pivot 'EN_gb' is not an ISO 639-1 code (use 'en')"})
    void aHostileIdIsRefusedNamingWhy(String id, String reason) {
        assertThatThrownBy(() -> RetrieverId.parse(id)).isInstanceOf(RetrieverIdException.class)
                .satisfies(e -> assertThat(((RetrieverIdException) e).reason()).isEqualTo(reason));
    }

    @Test
    void aControlCharacterIsRefusedWrittenAsAnEscape() {
        // before: "pivot 'e<LF>n' is not an ISO 639-1 code", the line break printed as it is; a tab in a model id was accepted
        assertThatThrownBy(() -> RetrieverId.parse("dt(bm25, e\nn)")).isInstanceOf(RetrieverIdException.class)
                .hasMessageStartingWith("retriever 'dt(bm25, e\\u000An)': the control character U+000A at offset 10 (an id names TREC "
                        + "runs and files)");
        assertThatThrownBy(() -> RetrieverId.parse("fuse(rrf, bm25, m\tx/exact)"))
                .hasMessageContaining("the control character U+0009 at offset 17");
        assertThatThrownBy(() -> RetrieverId.parseAnyKind("random(7\u0000)")).hasMessageContaining("U+0000 at offset 8");
    }

    @Test
    void nestingPastTheLimitIsRefusedBeforeTheRecursion() {
        // before: a StackOverflowError at about 1,000 levels (7,000 characters), which a gateway would have answered with a 500
        String deep = "dt(".repeat(1000) + "bm25" + ",en)".repeat(1000);
        assertThatThrownBy(() -> RetrieverGrammar.builtIn().orOpaque().parse(deep)).isInstanceOf(RetrieverIdException.class)
                .satisfies(e -> assertThat(((RetrieverIdException) e).reason()).isEqualTo("longer than 4096 characters (7004)"));
        String nested = "dt(".repeat(RetrieverGrammar.MAX_NESTING + 1) + "bm25" + ",en)".repeat(RetrieverGrammar.MAX_NESTING + 1);
        assertThatThrownBy(() -> RetrieverId.parse(nested)).isInstanceOf(RetrieverIdException.class)
                .satisfies(e -> assertThat(((RetrieverIdException) e).reason()).isEqualTo("nested more than 16 deep"));
        // 16 deep is parsed: fuse(rrf, fuse(rrf, ... bm25(plain) ..., bm25), bm25)
        String atLimit = "fuse(rrf,".repeat(15) + "bm25(plain),bm25" + ",bm25)".repeat(15);
        assertThat(RetrieverId.parse(atLimit).id()).isEqualTo(atLimit);
    }

    @Test
    void aRightIdParsesInAnyCaseAndSpacing() {
        assertThat(RetrieverId.parse("dt(bm25, EN)").id()).isEqualTo("dt(bm25,en)");
        assertThat(RetrieverId.parse(" DT( BM25(Plain) , De ) ").id()).isEqualTo("dt(bm25(plain),de)");
        // a pivot equal to a document's language is allowed: that document is indexed as written (route SAME)
        assertThat(((DocTranslateId) RetrieverId.parse("dt(bm25, de)")).pivot()).isEqualTo("de");
    }
}
