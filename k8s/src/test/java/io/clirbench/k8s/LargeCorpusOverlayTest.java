package io.clirbench.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * overlays/large-corpus against the arithmetic of k8s/README.md "A 10M-document, 8-encoder study": the expected
 * numbers below are that section's, worked by hand; the sizes the rendering must cover are recomputed here from the
 * model cards (their dimension) and Qdrant's own sizing rule, not from the manifests.
 */
class LargeCorpusOverlayTest {

    static final long DOCUMENTS = 10_000_000L;
    static final double GIB = 1024.0 * 1024 * 1024;
    static Rendering r;

    @BeforeAll
    static void render() {
        r = ManifestsTest.render("large-corpus");
    }

    @Test
    void keepsEveryInvariantOfTheOtherOverlays() throws Exception {
        assertThat(ManifestsTest.allProblems(r, ManifestsTest.MODULE)).isEmpty();
        assertThat(SecurityInvariants.all(r, ManifestsTest.REPO)).isEmpty();
    }

    @Test
    void eightEncodersOnGpusWithTheReplicasOfTheEmbeddingWindow() throws Exception {
        assertThat(r.embedders()).hasSize(8);
        long dimensions = 0;
        for (Map<String, Object> e : r.embedders()) {
            Map<String, Object> c = Yamls.containers(e).get(0);
            assertThat(Yamls.str(c, "resources", "limits", "nvidia.com/gpu")).as(Yamls.name(e)).isEqualTo("1");
            assertThat(Yamls.str(c, "image")).as(Yamls.name(e)).endsWith("-gpu");
            assertThat(Yamls.map(Yamls.podSpec(e).get("nodeSelector"))).as(Yamls.name(e)).containsEntry("nvidia.com/gpu.present", "true");
            dimensions += cardDimension(e);
        }
        // README: 384 + 384 + 384 + 512 + 1024 + 1024 + 768 + 768
        assertThat(dimensions).isEqualTo(5_248);
        // README "Embedding": ceil(10M / (300 docs/s x 14,400 s)) = 3 GPUs for a large encoder, 1 for the others
        for (Map<String, Object> hpa : r.ofKind("HorizontalPodAutoscaler")) {
            int gpus = List.of("embedder-bge-m3", "embedder-multilingual-e5-large-instruct").contains(Yamls.name(hpa)) ? 3 : 1;
            assertThat(Yamls.str(hpa, "spec", "minReplicas")).as(Yamls.name(hpa)).isEqualTo(String.valueOf(gpus));
            assertThat(Yamls.str(hpa, "spec", "maxReplicas")).as(Yamls.name(hpa)).isEqualTo(String.valueOf(gpus));
        }
    }

    @Test
    void qdrantIsADistributedClusterWithRoomForEveryVector() throws Exception {
        Map<String, Object> qdrant = r.find("StatefulSet", "qdrant").orElseThrow();
        Map<String, Object> c = Yamls.containers(qdrant).get(0);
        int peers = Integer.parseInt(Yamls.str(qdrant, "spec", "replicas"));
        assertThat(peers).isGreaterThanOrEqualTo(3).isEqualTo(8);
        assertThat(env(c)).containsEntry("QDRANT__CLUSTER__ENABLED", "true").containsEntry("QDRANT__CLUSTER__P2P__PORT", "6335")
                .containsEntry("QDRANT__STORAGE__COLLECTION__REPLICATION_FACTOR", "2")
                .containsEntry("QDRANT__STORAGE__COLLECTION__SHARD_NUMBER_PER_NODE", "2");
        assertThat(Yamls.list(c.get("ports"))).contains(Map.of("name", "p2p", "containerPort", 6335));
        String script = String.valueOf(Yamls.list(c.get("args")).get(0));
        assertThat(script).contains("--bootstrap \"http://qdrant-0.qdrant-headless:6335\"")
                .contains("--uri \"http://${HOSTNAME}.qdrant-headless:6335\"");
        // the peers' names resolve through the headless Service the StatefulSet names, before they are ready
        Map<String, Object> headless = r.find("Service", Yamls.str(qdrant, "spec", "serviceName")).orElseThrow();
        assertThat(Yamls.name(headless)).isEqualTo("qdrant-headless");
        assertThat(Yamls.str(headless, "spec", "clusterIP")).isEqualTo("None");
        assertThat(Yamls.str(headless, "spec", "publishNotReadyAddresses")).isEqualTo("true");
        assertThat(Targets.check(r, "qdrant p2p", "qdrant-headless", 6335)).isEmpty();

        // Qdrant's rule: memory = vectors x dimension x 4 bytes x 1.5, per copy; 2 copies over the peers
        long dimensions = r.embedders().stream().mapToLong(LargeCorpusOverlayTest::cardDimension).sum();
        double needPerPeerGib = 2 * DOCUMENTS * dimensions * 4 * 1.5 / peers / GIB;
        assertThat(needPerPeerGib).isCloseTo(73.3, org.assertj.core.data.Offset.offset(0.05)); // README: 586.6 GiB / 8
        assertThat(Yamls.str(c, "resources", "limits", "memory")).isEqualTo("80Gi");
        assertThat(80.0).isGreaterThan(needPerPeerGib);
        // disk: 2 copies x (vectors + HNSW links, m = 16: 128 bytes a vector) / peers, x 2 for segment rebuilds
        double diskPerPeerGib = 2.0 * (DOCUMENTS * dimensions * 4 + DOCUMENTS * 8 * 128) / peers * 2 / GIB;
        assertThat(diskPerPeerGib).isCloseTo(102.5, org.assertj.core.data.Offset.offset(0.05));
        assertThat(Yamls.str(Yamls.list(Yamls.at(qdrant, "spec", "volumeClaimTemplates")).get(0), "spec", "resources",
                "requests", "storage")).isEqualTo("120Gi");
    }

    @Test
    void kafkaPartitionsFollowTheEvalReplicasAndPostgresqlTheirConnections() {
        Map<String, Object> eval = r.find("Deployment", "eval-service").orElseThrow();
        int evalReplicas = Integer.parseInt(Yamls.str(eval, "spec", "replicas"));
        Map<String, Object> gateway = r.find("Deployment", "gateway").orElseThrow();
        int gatewayReplicas = Integer.parseInt(Yamls.str(gateway, "spec", "replicas"));
        // one eval replica per run in flight: gateway replicas x gateway.runs.max-concurrent (2)
        EffectiveConfig gatewayConfig = EffectiveConfig.of(r, gateway, Yamls.containers(gateway).get(0), ManifestsTest.REPO, "gateway");
        assertThat(evalReplicas).isEqualTo(gatewayReplicas * Integer.parseInt(gatewayConfig.get("gateway.runs.max-concurrent"))).isEqualTo(4);
        // every topic the eval-service consumes: 2 partitions per replica; the dead-letter topics (no consumer) keep 1
        for (Map<String, Object> topic : r.ofKind("KafkaTopic")) {
            int expected = Yamls.name(topic).endsWith(".dlt") ? 1 : 2 * evalReplicas;
            assertThat(Yamls.str(topic, "spec", "partitions")).as(Yamls.name(topic)).isEqualTo(String.valueOf(expected));
        }
        // PostgreSQL: each gateway's pool (Agroal's default max-size 20; the gateway sets none) and each eval-service's (8)
        EffectiveConfig evalConfig = EffectiveConfig.of(r, eval, Yamls.containers(eval).get(0), ManifestsTest.REPO, "eval-service");
        assertThat(gatewayConfig.get("quarkus.datasource.pg.jdbc.max-size")).isNull();
        int connections = gatewayReplicas * 20 + evalReplicas * Integer.parseInt(evalConfig.get("quarkus.datasource.pg.jdbc.max-size"));
        assertThat(connections).isEqualTo(72);
        Map<String, Object> pg = r.find("StatefulSet", "postgresql").orElseThrow();
        assertThat(Yamls.list(Yamls.containers(pg).get(0).get("args"))).containsSubsequence("-c", "max_connections=150");
        assertThat(150 - 3).isGreaterThan(connections); // 3 = PostgreSQL's superuser_reserved_connections default
        // disk: the gateway's embedding cache (every document's vector of every encoder) + 100 study runs of results
        long dimensions = r.embedders().stream().mapToLong(LargeCorpusOverlayTest::cardDimension).sum();
        double cacheGib = DOCUMENTS * dimensions * 4 / GIB;
        double resultsGib = 100 * 5_000.0 * 9 * 1_000 * 9.75 / GIB; // 93 MiB per 10^7 results, measured
        assertThat(cacheGib).isCloseTo(195.5, org.assertj.core.data.Offset.offset(0.05));
        assertThat(resultsGib).isCloseTo(40.9, org.assertj.core.data.Offset.offset(0.05));
        assertThat(Yamls.str(Yamls.list(Yamls.at(pg, "spec", "volumeClaimTemplates")).get(0), "spec", "resources",
                "requests", "storage")).isEqualTo("500Gi");
        // the index-service keeps its collection registry on its own volume: one replica
        assertThat(Yamls.str(r.find("Deployment", "index-service").orElseThrow(), "spec", "replicas")).isEqualTo("1");
    }

    private static Map<String, String> env(Map<String, Object> container) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        Yamls.list(container.get("env")).forEach(e -> out.put(Yamls.str(e, "name"), Yamls.str(e, "value")));
        return out;
    }

    /** The output dimension of the card an embedder loads: built-in (classpath:) or on the models volume (/models/M/). */
    static long cardDimension(Map<String, Object> embedder) {
        try {
            EffectiveConfig config = EffectiveConfig.of(r, embedder, Yamls.containers(embedder).get(0), ManifestsTest.REPO, "embedder-service");
            String card = config.get("embedder.model-card");
            Path file = card.startsWith("classpath:")
                    ? ManifestsTest.REPO.resolve("encoders/src/main/resources").resolve(card.substring("classpath:".length()))
                    : ManifestsTest.REPO.resolve("encoders/model-cards").resolve(Path.of(card).getParent().getFileName() + ".json");
            return new ObjectMapper().readTree(file.toFile()).path("dimension").asLong();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
