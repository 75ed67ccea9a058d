package io.clirbench.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The retriever id grammar, cases written by hand. */
class RetrieverIdTest {

    @Test
    void bm25() {
        RetrieverId id = RetrieverId.parse("bm25");
        assertThat(id).isEqualTo(RetrieverId.bm25());
        assertThat(id.isBm25()).isTrue();
        assertThat(id.kind()).isEqualTo("bm25");
        assertThat(id.id()).isEqualTo("bm25");
        assertThat(id).hasToString("bm25");
        assertThat(id.fileName()).isEqualTo("bm25");
    }

    @Test
    void denseModelAndIndexKind() {
        RetrieverId id = RetrieverId.parse("all-minilm-l6-v2/exact");
        assertThat(id).isEqualTo(RetrieverId.dense("all-minilm-l6-v2", IndexKind.EXACT));
        assertThat(id.isBm25()).isFalse();
        assertThat(id.kind()).isEqualTo("dense");
        DenseId dense = (DenseId) id;
        assertThat(dense.modelId()).isEqualTo("all-minilm-l6-v2");
        assertThat(dense.indexKind()).isEqualTo(IndexKind.EXACT);
        assertThat(id.id()).isEqualTo("all-minilm-l6-v2/exact");
        assertThat(id).hasToString("all-minilm-l6-v2/exact");
        // the rule of cli stack/ReportDownload: '/' is outside [A-Za-z0-9._-]
        assertThat(id.fileName()).isEqualTo("all-minilm-l6-v2_exact");
    }

    @Test
    void theLastSlashSeparatesTheIndexKindWhichIsReadInAnyCase() {
        DenseId id = (DenseId) RetrieverId.parse("intfloat/e5-small-v2/HNSW");
        assertThat(id.modelId()).isEqualTo("intfloat/e5-small-v2");
        assertThat(id.indexKind()).isEqualTo(IndexKind.HNSW);
        assertThat(id.id()).isEqualTo("intfloat/e5-small-v2/hnsw");
        assertThat(id.fileName()).isEqualTo("intfloat_e5-small-v2_hnsw");
        assertThat(RetrieverId.parse("m/qdrant")).isEqualTo(RetrieverId.dense("m", IndexKind.QDRANT));
    }

    @Test
    void kindNamesAreReadInAnyCaseAndSurroundingWhiteSpaceIsIgnored() {
        assertThat(RetrieverId.parse("BM25")).isEqualTo(RetrieverId.bm25());
        assertThat(RetrieverId.parse(" bm25 ")).isEqualTo(RetrieverId.bm25());
        assertThat(RetrieverId.parse("\tBm25\n").id()).isEqualTo("bm25");
        assertThat(RetrieverId.parse(" m/EXACT ").id()).isEqualTo("m/exact");
        assertThat(RetrieverId.parse("m+ALIGN/Exact").id()).isEqualTo("m+align/exact");
        assertThat(RetrieverId.parse(" FUSE(RRF, BM25, m/Exact) ").id()).isEqualTo("fuse(rrf,bm25,m/exact)");
        assertThat(RetrieverId.parse("Translate( BM25 )").id()).isEqualTo("translate(bm25)");
        // a model id is the embedder's own: its case is kept (two embedders may differ only by case)
        assertThat(((DenseId) RetrieverId.parse("All-MiniLM/exact")).modelId()).isEqualTo("All-MiniLM");
        // white space inside a MODEL/INDEX id is still refused
        assertThatThrownBy(() -> RetrieverId.parse("m /exact")).hasMessageContaining("not a retriever id");
    }

    @Test
    void canonicalTextParsesBackToAnEqualId() {
        for (String text : new String[] {"bm25", "m/exact", "a/b/hnsw", "bge-small-zh-v1.5-q/qdrant"}) {
            assertThat(RetrieverId.parse(RetrieverId.parse(text).id()).id()).isEqualTo(text);
        }
    }

    @Test
    void malformedIdsNameTheValueAndTheGrammar() {
        String forms = "bm25 | bm25(plain|stem+plain) | MODEL+align/INDEX | MODEL/sparse | MODEL/maxsim | MODEL/INDEX (INDEX: exact, hnsw, qdrant) | fuse(rrf|combsum|combmnz[, k=K|minmax|zscore], A, B, ...) | rerank(A, MODEL, K) | translate(bm25[, PIVOT]) | dt(bm25|bm25(CHAIN), PIVOT)";
        assertThatThrownBy(() -> RetrieverId.parse("x"))
                .isInstanceOf(RetrieverIdException.class).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("retriever 'x': not a retriever id; expected " + forms);
        assertThatThrownBy(() -> RetrieverId.parse("test-model/ivf"))
                .hasMessage("retriever 'test-model/ivf': unknown index kind 'ivf' (exact, hnsw, qdrant); expected " + forms);
        assertThatThrownBy(() -> RetrieverId.parse("/exact"))
                .hasMessage("retriever '/exact': the model id before '/' is empty; expected " + forms);
        assertThatThrownBy(() -> RetrieverId.parse("m/"))
                .hasMessage("retriever 'm/': unknown index kind '' (exact, hnsw, qdrant); expected " + forms);
        assertThatThrownBy(() -> RetrieverId.parse("")).hasMessageContaining("a retriever id is required");
        assertThatThrownBy(() -> RetrieverId.parse("  ")).hasMessageContaining("a retriever id is required");
        assertThatThrownBy(() -> RetrieverId.parse(null)).hasMessageContaining("retriever 'null'");
        // a composed form is not mistaken for MODEL/INDEX (fuse(...) is a kind of its own, ComposedRetrieverIdTest)
        assertThat(RetrieverId.parse("fuse(rrf, m/exact, bm25)").kind()).isEqualTo("fuse");
        assertThatThrownBy(() -> RetrieverId.parse("m /exact")).hasMessageContaining("not a retriever id");
    }

    /** A kind added outside bench-core: a record plus a syntax, tried before the built-in forms. */
    record ShuffleId(long seed) implements RetrieverId {
        public String id() {
            return "shuffle(" + seed + ")";
        }

        public String kind() {
            return "shuffle";
        }
    }

    @Test
    void aGrammarTakesANewKindWithoutTouchingTheBuiltInOnes() {
        RetrieverGrammar grammar = RetrieverGrammar.builtIn().with(new RetrieverSyntax() {
            public String form() {
                return "shuffle(SEED)";
            }

            public Optional<RetrieverId> parse(String text, RetrieverGrammar g) {
                return text.matches("shuffle\\(\\d+\\)")
                        ? Optional.of(new ShuffleId(Long.parseLong(text.substring(8, text.length() - 1))))
                        : Optional.empty();
            }
        });
        assertThat(grammar.parse("shuffle(7)")).isEqualTo(new ShuffleId(7));
        assertThat(grammar.parse("shuffle(7)").fileName()).isEqualTo("shuffle_7_");
        assertThat(grammar.parse("bm25")).isEqualTo(RetrieverId.bm25());
        assertThat(grammar.forms()).isEqualTo("shuffle(SEED) | bm25 | bm25(plain|stem+plain) | MODEL+align/INDEX | MODEL/sparse | MODEL/maxsim | MODEL/INDEX (INDEX: exact, hnsw, qdrant) | fuse(rrf|combsum|combmnz[, k=K|minmax|zscore], A, B, ...) | rerank(A, MODEL, K) | translate(bm25[, PIVOT]) | dt(bm25|bm25(CHAIN), PIVOT)");
        assertThatThrownBy(() -> RetrieverId.parse("shuffle(7)")).hasMessageContaining("not a retriever id");
    }
}
