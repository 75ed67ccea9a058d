package io.clirbench.gateway.retriever;

import io.clirbench.core.search.AlignedDenseId;
import io.clirbench.core.search.RetrieverId;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;

/**
 * {@code MODEL+align/INDEX}: the dense retriever of MODEL with every document and query vector mapped by the
 * model's adapter of the text's language (the embedder applies it: embed.v1 {@code align} + {@code langs}).
 * Cache entries and the collection are named after the adapters' digest.
 */
@ApplicationScoped
public class AlignedDenseRetriever implements Retriever {

    private final DenseRetriever dense;

    AlignedDenseRetriever(DenseRetriever dense) {
        this.dense = dense;
    }

    @Override
    public String kind() {
        return AlignedDenseId.KIND;
    }

    @Override
    public Optional<String> problem(RetrieverId id) {
        return dense.modelProblem(((AlignedDenseId) id).modelId());
    }

    @Override
    public void retrieve(RetrieverId id, RetrievalTask task) throws InterruptedException {
        AlignedDenseId a = (AlignedDenseId) id;
        dense.run(task, a.modelId(), a.indexKind(), true);
    }
}
