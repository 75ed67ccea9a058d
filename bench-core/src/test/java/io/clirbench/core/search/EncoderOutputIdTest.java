package io.clirbench.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@code MODEL/sparse} and {@code MODEL/maxsim}: one syntax row each, before {@code MODEL/INDEX}. */
class EncoderOutputIdTest {

    @Test
    void sparseAndMaxSimIdsParseWithTheirModel() {
        RetrieverId sparse = RetrieverId.parse(" bge-m3/SPARSE ");
        assertThat(sparse).isEqualTo(new SparseId("bge-m3"));
        assertThat(sparse.id()).isEqualTo("bge-m3/sparse");
        assertThat(sparse.kind()).isEqualTo("sparse");
        assertThat(sparse.models()).isEqualTo(Set.of("bge-m3"));
        assertThat(sparse.embedsCorpus()).isTrue();
        assertThat(sparse.fileName()).isEqualTo("bge-m3_sparse");

        RetrieverId maxsim = RetrieverId.parse("org/colbert/maxsim");
        assertThat(maxsim).isEqualTo(new MaxSimId("org/colbert"));
        assertThat(maxsim.kind()).isEqualTo("maxsim");
        assertThat(maxsim.models()).isEqualTo(Set.of("org/colbert"));
        // inside composed ids
        assertThat(RetrieverId.parse("fuse(rrf, m/sparse, m/maxsim, m/exact)").inputs())
                .containsExactly(new SparseId("m"), new MaxSimId("m"), new DenseId("m", IndexKind.EXACT));
    }

    @Test
    void anEmptyModelIsNamed() {
        assertThatThrownBy(() -> RetrieverId.parse("/sparse")).isInstanceOf(RetrieverIdException.class)
                .hasMessageContaining("the model id before '/' is empty");
        // another suffix is still MODEL/INDEX's, whose error lists the index kinds
        assertThatThrownBy(() -> RetrieverId.parse("m/sparse2")).isInstanceOf(RetrieverIdException.class)
                .hasMessageContaining("unknown index kind 'sparse2'");
    }
}
