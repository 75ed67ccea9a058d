package io.clirbench.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code bm25(CHAIN)} and {@code dt(BASE, PIVOT)}: canonical ids, any case, composition; cases written by hand. */
class LexicalVariantIdTest {

    @Test
    void bm25WithAChainParsesInAnyCaseToOneCanonicalId() {
        assertThat(RetrieverId.parse("bm25(plain)")).isEqualTo(new Bm25ChainId(Bm25Analysis.PLAIN));
        assertThat(RetrieverId.parse(" BM25( Plain ) ").id()).isEqualTo("bm25(plain)");
        assertThat(RetrieverId.parse("bm25(STEM + plain)").id()).isEqualTo("bm25(stem+plain)");
        assertThat(RetrieverId.parse("bm25(stem+plain)").kind()).isEqualTo("bm25-chain");
        assertThat(RetrieverId.parse("bm25(plain)").trecFile()).isEqualTo("runs/bm25_plain_.trec");
        assertThat(RetrieverId.parse("bm25(stem+plain)").fileName()).isEqualTo("bm25_stem_plain_");
        // plain bm25 is untouched: the same record, kind and id as before
        assertThat(RetrieverId.parse("bm25")).isSameAs(RetrieverId.bm25());
        assertThat(RetrieverId.parse("bm25(plain)").isBm25()).isFalse();
        assertThat(RetrieverId.parse("bm25(plain)").usesLexicons()).isFalse();
        assertThat(RetrieverId.parse("bm25(plain)").models()).isEmpty();
    }

    @Test
    void aWrongChainIsAnErrorNamingTheValueAndTheChains() {
        assertThatThrownBy(() -> RetrieverId.parse("bm25(snowball)")).isInstanceOf(RetrieverIdException.class)
                .hasMessageContaining("unknown analysis chain 'snowball' (plain, stem+plain)");
        assertThatThrownBy(() -> RetrieverId.parse("bm25(plain, stem)")).hasMessageContaining("takes one analysis chain, got 2");
        assertThatThrownBy(() -> RetrieverId.parse("bm25(plain")).hasMessageContaining("is not closed");
    }

    @Test
    void documentTranslationNamesItsBaseAndPivot() {
        DocTranslateId dt = (DocTranslateId) RetrieverId.parse("DT( BM25 , EN )");
        assertThat(dt.id()).isEqualTo("dt(bm25,en)");
        assertThat(dt.kind()).isEqualTo("dt");
        assertThat(dt.base()).isSameAs(RetrieverId.bm25());
        assertThat(dt.pivot()).isEqualTo("en");
        assertThat(dt.usesLexicons()).isTrue();
        assertThat(dt.embedsCorpus()).isFalse();
        assertThat(dt.trecFile()).isEqualTo("runs/dt_bm25_en_.trec");
        assertThat(RetrieverId.parse("dt(bm25(Plain), de)").id()).isEqualTo("dt(bm25(plain),de)");
        assertThatThrownBy(() -> RetrieverId.parse("dt(bm25)")).hasMessageContaining("dt takes a lexical retriever and a pivot, got 1");
        assertThatThrownBy(() -> RetrieverId.parse("dt(m/exact, en)"))
                .hasMessageContaining("only bm25 or bm25(CHAIN) can search translated documents, not 'm/exact'");
        assertThatThrownBy(() -> RetrieverId.parse("dt(bm25, eng)")).hasMessageContaining("pivot 'eng' is not an ISO 639-1 code");
    }

    @Test
    void theNewKindsComposeInsideFuseAndRerankAndTheirFactsFollow() {
        RetrieverId fused = RetrieverId.parse("fuse(rrf, bm25, BM25(plain), dt(bm25(stem+plain), en))");
        assertThat(fused.id()).isEqualTo("fuse(rrf,bm25,bm25(plain),dt(bm25(stem+plain),en))");
        assertThat(fused.inputs()).extracting(RetrieverId::kind).containsExactly("bm25", "bm25-chain", "dt");
        assertThat(fused.usesLexicons()).isTrue();
        RetrieverId reranked = RetrieverId.parse("rerank(bm25(plain), e5, 50)");
        assertThat(reranked.id()).isEqualTo("rerank(bm25(plain),e5,50)");
        assertThat(reranked.models()).containsExactly("e5");
        assertThat(reranked.usesLexicons()).isFalse();
        assertThat(RetrieverId.parse("rerank(dt(bm25,en), e5, 50)").usesLexicons()).isTrue();
        // translate(...) still takes bm25 only
        assertThatThrownBy(() -> RetrieverId.parse("translate(bm25(plain))")).hasMessageContaining("only bm25 can be translated");
    }

    @Test
    void processesWithoutTheGrammarStillReadTheNewIdsAsThemselves() {
        // parseAnyKind is the CLI's and eval-service's reader: the new kinds are shipped, so they parse as themselves
        assertThat(List.of("bm25(plain)", "bm25(stem+plain)", "dt(bm25,en)"))
                .allSatisfy(t -> assertThat(RetrieverId.parseAnyKind(t).id()).isEqualTo(t))
                .noneMatch(t -> RetrieverId.parseAnyKind(t) instanceof OpaqueId);
        assertThat(RetrieverGrammar.builtIn().forms()).contains("bm25(plain|stem+plain)", "dt(bm25|bm25(CHAIN), PIVOT)");
    }
}
