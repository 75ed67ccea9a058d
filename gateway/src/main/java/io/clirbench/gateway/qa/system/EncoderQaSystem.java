package io.clirbench.gateway.qa.system;

import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.select.EmbeddingSelector;
import io.clirbench.core.qa.select.EncoderSelectId;
import io.clirbench.core.qa.select.QaSystemId;
import io.clirbench.gateway.client.EmbedRole;
import io.clirbench.gateway.client.Encoders;
import io.clirbench.gateway.retriever.CachedEmbedder;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code select:MODEL}: embeds every question (query role) and every candidate sentence (document role) of the
 * run through every replica of the model's embedder pods, batched, through the embedding cache (model + role +
 * text hash: a sentence shared by many instances is embedded once), then scores with bench-core's
 * {@link EmbeddingSelector} (paragraph = max of its sentences' cosine similarities).
 */
@ApplicationScoped
public class EncoderQaSystem implements QaSystem {

    private final CachedEmbedder embedder;
    private final Encoders encoders;

    EncoderQaSystem(CachedEmbedder embedder, Encoders encoders) {
        this.embedder = embedder;
        this.encoders = encoders;
    }

    @Override
    public String kind() {
        return QaSystemId.ENCODER;
    }

    @Override
    public Optional<String> problem(QaSystemId id) {
        return encoders.of(model(id)).isEmpty()
                ? Optional.of("no embedder of model '" + model(id) + "' (models: " + encoders.all().keySet() + ")")
                : Optional.empty();
    }

    @Override
    public void predict(QaSystemId id, QaTask task) throws InterruptedException {
        List<QaInstance> instances = task.instances();
        List<String> sentences = new ArrayList<>();
        for (QaInstance i : instances) {
            for (Candidate c : i.candidates()) {
                sentences.addAll(c.sentences());
            }
        }
        long t0 = System.nanoTime();
        float[][] sentenceVectors = embedder.embed(model(id), sentences, EmbedRole.DOCUMENT, task::embedded);
        float[][] questionVectors = embedder.embed(model(id), instances.stream().map(QaInstance::question).toList(),
                EmbedRole.QUERY, task::embedded);
        task.timedEmbedding(t0);
        EmbeddingSelector selector = new EmbeddingSelector(task.options());
        int next = 0;
        for (int q = 0; q < instances.size(); q++) {
            task.checkCancelled();
            QaInstance instance = instances.get(q);
            long s0 = System.nanoTime();
            float[][][] grouped = new float[instance.candidates().size()][][];
            for (int p = 0; p < grouped.length; p++) {
                int n = instance.candidates().get(p).sentences().size();
                grouped[p] = java.util.Arrays.copyOfRange(sentenceVectors, next, next + n);
                next += n;
            }
            var prediction = selector.predict(instance, questionVectors[q], grouped);
            task.timedSelection(s0);
            task.publish(prediction, (System.nanoTime() - s0) / 1000);
        }
    }

    private static String model(QaSystemId id) {
        return ((EncoderSelectId) id).modelId();
    }
}
