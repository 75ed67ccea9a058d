package io.clirbench.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.testing.RandomRetrieverKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What an id answers about itself (encoders, corpus embedding, lexicons, file names, kind names), and ids of kinds a
 * process has no grammar for ({@link OpaqueId} through {@link RetrieverGrammar#orOpaque()}). Expected values written by
 * hand from the ids' texts.
 */
class RetrieverIdFactsTest {

    @Test
    void eachShippedKindNamesTheEncodersItNeeds() {
        assertThat(RetrieverId.parse("bm25").models()).isEmpty();
        assertThat(RetrieverId.parse("m/exact").models()).containsExactly("m");
        assertThat(RetrieverId.parse("m+align/hnsw").models()).containsExactly("m");
        assertThat(RetrieverId.parse("translate(bm25, en)").models()).isEmpty();
        assertThat(RetrieverId.parse("fuse(rrf, bm25, a/exact, b+align/exact, a/hnsw)").models()).containsExactly("a", "b");
        // the first stage's encoders first, then the re-scoring one; nested composition adds up
        assertThat(RetrieverId.parse("rerank(fuse(rrf, translate(bm25), a/exact), b, 20)").models()).containsExactly("a", "b");
        assertThat(RetrieverId.parse("rerank(bm25, b, 20)").models()).containsExactly("b");
    }

    @Test
    void corpusEmbeddingAndLexiconsFollowTheInnerRetrievers() {
        assertThat(List.of("m/exact", "m+align/exact", "fuse(rrf, bm25, m/exact)", "rerank(m/exact, b, 5)"))
                .allMatch(t -> RetrieverId.parse(t).embedsCorpus());
        // rerank embeds only its pool: the corpus is embedded only when its first stage does
        assertThat(List.of("bm25", "translate(bm25)", "rerank(bm25, b, 5)", "fuse(rrf, bm25, translate(bm25, en))"))
                .noneMatch(t -> RetrieverId.parse(t).embedsCorpus());
        assertThat(List.of("translate(bm25)", "fuse(rrf, bm25, translate(bm25, en))", "rerank(translate(bm25), b, 5)"))
                .allMatch(t -> RetrieverId.parse(t).usesLexicons());
        assertThat(List.of("bm25", "m/exact", "rerank(bm25, b, 5)")).noneMatch(t -> RetrieverId.parse(t).usesLexicons());
    }

    @Test
    void kindNamesAndFileNames() {
        assertThat(List.of("bm25", "m/exact", "m+align/exact", "fuse(rrf,bm25,m/exact)", "rerank(bm25,b,5)", "translate(bm25)"))
                .extracting(t -> RetrieverId.parse(t).kind())
                .containsExactly("bm25", "dense", "dense-aligned", "fuse", "rerank", "translate");
        assertThat(RetrieverId.parse("all-minilm-l6-v2/exact").trecFile()).isEqualTo("runs/all-minilm-l6-v2_exact.trec");
        assertThat(RetrieverId.parse("rerank(bm25, b, 5)").trecFile()).isEqualTo("runs/rerank_bm25_b_5_.trec");
    }

    @Test
    void aKindWithoutGrammarHereIsOpaqueAloneAndInsideComposedIds() {
        RetrieverId plugIn = RetrieverId.parseAnyKind("random(7)");
        assertThat(plugIn).isEqualTo(new OpaqueId("random(7)"));
        assertThat(plugIn.kind()).isEqualTo("opaque");
        assertThat(plugIn.id()).isEqualTo("random(7)");
        assertThat(plugIn.toString()).isEqualTo("random(7)");
        assertThat(plugIn.trecFile()).isEqualTo("runs/random_7_.trec");
        assertThat(plugIn.models()).isEmpty();
        RerankId rerank = (RerankId) RetrieverId.parseAnyKind("rerank(random(7), e5, 20)");
        assertThat(rerank.first()).isEqualTo(new OpaqueId("random(7)"));
        assertThat(rerank.models()).containsExactly("e5");
        assertThat(rerank.id()).isEqualTo("rerank(random(7),e5,20)");
        // the shipped kinds still parse as themselves, and a shipped form with a wrong part is still an error
        assertThat(RetrieverId.parseAnyKind("m/exact")).isEqualTo(RetrieverId.dense("m", IndexKind.EXACT));
        assertThatThrownBy(() -> RetrieverId.parseAnyKind("m/ivf")).isInstanceOf(RetrieverIdException.class)
                .hasMessageContaining("unknown index kind 'ivf'");
        assertThatThrownBy(() -> RetrieverId.parseAnyKind(" ")).hasMessageContaining("a retriever id is required");
        // the strict grammar refuses the same text
        assertThatThrownBy(() -> RetrieverId.parse("random(7)")).hasMessageContaining("not a retriever id");
    }

    @Test
    void aRegisteredKindParsesAsItselfAndTheOpaqueFallbackStaysLast() {
        RetrieverGrammar lenient = RetrieverGrammar.builtIn().orOpaque().with(RandomRetrieverKind.SYNTAX);
        assertThat(lenient.parse("random(7)")).isEqualTo(new RandomRetrieverKind.RandomId(7));
        assertThat(lenient.parse("other(1)")).isEqualTo(new OpaqueId("other(1)"));
        assertThat(lenient.orOpaque().forms()).isEqualTo(lenient.forms());
        assertThat(lenient.forms()).startsWith("random(SEED) | bm25 | ").endsWith(" | ID (a kind of the gateway's own)");
    }
}
