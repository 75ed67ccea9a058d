package io.clirbench.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.fusion.FusionMethod;
import io.clirbench.core.fusion.ScoreNormalization;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The composed kinds of the grammar (fuse, rerank, translate) and MODEL+align, cases written by hand. */
class ComposedRetrieverIdTest {

    @Test
    void fuseWithDefaultsAndOptions() {
        FuseId rrf = (FuseId) RetrieverId.parse("fuse(RRF,bm25,  m/exact)");
        assertThat(rrf.method()).isEqualTo(FusionMethod.RRF);
        assertThat(rrf.k()).isEqualTo(60);
        assertThat(rrf.inputs()).containsExactly(RetrieverId.bm25(), RetrieverId.dense("m", IndexKind.EXACT));
        assertThat(rrf.id()).isEqualTo("fuse(rrf,bm25,m/exact)");
        assertThat(rrf.kind()).isEqualTo("fuse");
        assertThat(RetrieverId.parse(rrf.id())).isEqualTo(rrf);
        assertThat(RetrieverId.parse("fuse(rrf, k=10, bm25, m/exact)").id()).isEqualTo("fuse(rrf,k=10,bm25,m/exact)");
        FuseId sum = (FuseId) RetrieverId.parse("fuse(combsum, bm25, m/exact)");
        assertThat(sum.normalization()).isEqualTo(ScoreNormalization.MINMAX);
        assertThat(sum.id()).isEqualTo("fuse(combsum,minmax,bm25,m/exact)");
        assertThat(RetrieverId.parse("fuse(combmnz, zscore, bm25, fuse(rrf, bm25, m/exact))").id())
                .isEqualTo("fuse(combmnz,zscore,bm25,fuse(rrf,bm25,m/exact))");
        // canonical ids hold no white space: they are TREC run tags (the eval-service refuses white space)
        assertThat(RetrieverId.parse("rerank(fuse(rrf, bm25, m/exact), e5, 20)").id()).doesNotContainAnyWhitespaces();
        assertThat(rrf.fileName()).isEqualTo("fuse_rrf_bm25_m_exact_");
    }

    @Test
    void fuseErrorsNameTheValue() {
        assertThatThrownBy(() -> RetrieverId.parse("fuse(max, bm25, m/exact)")).hasMessageContaining("unknown fusion 'max'");
        assertThatThrownBy(() -> RetrieverId.parse("fuse(rrf, bm25)")).hasMessageContaining("two or more retrievers, got 1");
        assertThatThrownBy(() -> RetrieverId.parse("fuse(rrf, minmax, bm25, bm25)")).hasMessageContaining("rrf takes no normalisation");
        assertThatThrownBy(() -> RetrieverId.parse("fuse(combsum, k=3, bm25, bm25)")).hasMessageContaining("k= is an option of rrf only");
        assertThatThrownBy(() -> RetrieverId.parse("fuse(rrf, k=0, bm25, bm25)")).hasMessageContaining("RRF k must be a positive integer, was '0'");
        assertThatThrownBy(() -> RetrieverId.parse("fuse(rrf, bm25, m/ivf)")).hasMessageContaining("unknown index kind 'ivf'");
        assertThatThrownBy(() -> RetrieverId.parse("fuse(rrf, bm25, m/exact")).hasMessageContaining("not closed");
        assertThatThrownBy(() -> RetrieverId.parse("fuse(rrf, , bm25)")).hasMessageContaining("argument 2 of fuse(...) is empty");
    }

    @Test
    void rerank() {
        RerankId r = (RerankId) RetrieverId.parse("rerank(bm25, all-minilm-l6-v2, 100)");
        assertThat(r.first()).isEqualTo(RetrieverId.bm25());
        assertThat(r.model()).isEqualTo("all-minilm-l6-v2");
        assertThat(r.k()).isEqualTo(100);
        assertThat(r.id()).isEqualTo("rerank(bm25,all-minilm-l6-v2,100)");
        assertThat(RetrieverId.parse("rerank(fuse(rrf, bm25, m/exact), e5, 20)").id()).isEqualTo("rerank(fuse(rrf,bm25,m/exact),e5,20)");
        assertThatThrownBy(() -> RetrieverId.parse("rerank(bm25, m, ten)")).hasMessageContaining("the pool K must be a positive integer, was 'ten'");
        assertThatThrownBy(() -> RetrieverId.parse("rerank(bm25, m)")).hasMessageContaining("3 arguments");
    }

    @Test
    void translate() {
        TranslateId t = (TranslateId) RetrieverId.parse("translate(bm25)");
        assertThat(t.pivotLanguage()).isEmpty();
        assertThat(t.id()).isEqualTo("translate(bm25)");
        assertThat(((TranslateId) RetrieverId.parse("translate(bm25, EN)")).pivot()).isEqualTo("en");
        assertThatThrownBy(() -> RetrieverId.parse("translate(m/exact)")).hasMessageContaining("only bm25 can be translated");
        assertThatThrownBy(() -> RetrieverId.parse("translate(bm25, eng)")).hasMessageContaining("pivot 'eng' is not an ISO 639-1 code");
    }

    @Test
    void alignedDenseIsNotAPlainDenseId() {
        AlignedDenseId a = (AlignedDenseId) RetrieverId.parse("all-minilm-l6-v2+align/EXACT");
        assertThat(a.modelId()).isEqualTo("all-minilm-l6-v2");
        assertThat(a.kind()).isEqualTo("dense-aligned");
        assertThat(a.id()).isEqualTo("all-minilm-l6-v2+align/exact");
        assertThat(a.base()).isEqualTo(RetrieverId.dense("all-minilm-l6-v2", IndexKind.EXACT));
        assertThatThrownBy(() -> RetrieverId.parse("+align/exact")).hasMessageContaining("before '+align' is empty");
        assertThat(List.of(RetrieverGrammar.builtIn().forms().split(" \\| ")))
                .contains("MODEL+align/INDEX", "rerank(A, MODEL, K)", "translate(bm25[, PIVOT])");
    }
}
