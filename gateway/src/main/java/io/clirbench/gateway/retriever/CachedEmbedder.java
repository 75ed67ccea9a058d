package io.clirbench.gateway.retriever;

import io.clirbench.gateway.client.EmbedClient;
import io.clirbench.gateway.client.EmbedOutput;
import io.clirbench.gateway.client.EmbedRole;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;

/** Embeds texts through the cache: only texts never embedded by the model (in that role) go to the embedders. */
@ApplicationScoped
public class CachedEmbedder {

    private final EmbedClient client;
    private final EmbeddingCache cache;
    private final boolean lookUp;

    CachedEmbedder(EmbedClient client, EmbeddingCache cache, io.clirbench.gateway.config.GatewayConfig config) {
        this.client = client;
        this.cache = cache;
        this.lookUp = config.embed().cache();
    }

    /** One vector per text, in order; {@code progress} receives how many texts got their vector. */
    public float[][] embed(String modelId, List<String> texts, EmbedRole role, IntConsumer progress) throws InterruptedException {
        return embed(modelId, modelId, texts, null, role, progress);
    }

    /**
     * With {@code langs} (one per text): vectors mapped by the model's language adapters, cached under
     * {@code cacheModel} (the model id plus the adapters' digest) and keyed by language and text.
     */
    public float[][] embed(String cacheModel, String modelId, List<String> texts, List<String> langs, EmbedRole role,
                           IntConsumer progress) throws InterruptedException {
        return embed(cacheModel, modelId, texts, langs, role, EmbedOutput.DENSE, progress);
    }

    /**
     * One row per text of one output of the model ({@link EmbedOutput}: sparse rows, token vectors), cached under
     * {@code cacheModel} (the model id and the output, so that the outputs never meet).
     */
    public float[][] embed(String cacheModel, String modelId, List<String> texts, EmbedRole role, EmbedOutput output,
                           IntConsumer progress) throws InterruptedException {
        return embed(cacheModel, modelId, texts, null, role, output, progress);
    }

    private float[][] embed(String cacheModel, String modelId, List<String> texts, List<String> langs, EmbedRole role,
                            EmbedOutput output, IntConsumer progress) throws InterruptedException {
        float[][] out = new float[texts.size()][];
        Map<String, String> langOf = new HashMap<>();
        Map<String, List<Integer>> positions = new LinkedHashMap<>();
        Map<String, String> textOf = new HashMap<>();
        for (int i = 0; i < texts.size(); i++) {
            String sha = EmbeddingCache.sha256(langs == null ? texts.get(i) : langs.get(i) + "\u0000" + texts.get(i));
            positions.computeIfAbsent(sha, k -> new ArrayList<>()).add(i);
            textOf.putIfAbsent(sha, texts.get(i));
            if (langs != null) {
                langOf.putIfAbsent(sha, langs.get(i));
            }
        }
        Map<String, float[]> cached = lookUp ? cache.lookup(cacheModel, role.name(), new ArrayList<>(positions.keySet())) : Map.of();
        int hits = 0;
        List<String> missing = new ArrayList<>();
        for (Map.Entry<String, List<Integer>> e : positions.entrySet()) {
            float[] v = cached.get(e.getKey());
            if (v == null) {
                missing.add(e.getKey());
                continue;
            }
            for (int i : e.getValue()) {
                out[i] = v;
            }
            hits += e.getValue().size();
        }
        progress.accept(hits);
        List<String> missingTexts = missing.stream().map(textOf::get).toList();
        List<String> missingLangs = langs == null ? null : missing.stream().map(langOf::get).toList();
        EmbedClient.BatchListener store = (from, vectors) -> {
            Map<String, float[]> batch = new LinkedHashMap<>();
            int done = 0;
            for (int j = 0; j < vectors.size(); j++) {
                String sha = missing.get(from + j);
                batch.put(sha, vectors.get(j));
                for (int i : positions.get(sha)) {
                    out[i] = vectors.get(j);
                    done++;
                }
            }
            cache.put(cacheModel, role.name(), batch);
            progress.accept(done);
        };
        if (output == EmbedOutput.DENSE) {
            client.embed(modelId, missingTexts, missingLangs, role, store);
        } else {
            client.embed(modelId, missingTexts, role, output, store);
        }
        return out;
    }
}
