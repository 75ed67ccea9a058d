package io.clirbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.cli.gateway.GatewayClient;
import io.clirbench.cli.gateway.ReportDownload;
import io.clirbench.cli.gateway.RunFollower;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A static model (the kind {@code bench distil} writes: one vector per token, a text's vector the normalised mean of
 * its known tokens' vectors) imported with {@code bench model add}, served by its own embedder process of the local
 * stack and run as {@code tiny-static/exact} through the gateway, the index-service and the eval-service.
 *
 * <p>The model, made by hand (dimension 2): {@code open} = (1, 1), {@code file} = {@code datei} = (1, 0),
 * {@code network} = {@code netzwerk} = (0, 1); other words unknown (dropped). Document vectors (normalised means):
 * <pre>
 *   f1_en "open the file"       (open + file)/2    = (1, 0.5) -> (0.894427, 0.447214)
 *   f1_de "die Datei"           datei              = (1, 0)
 *   f2_en "open the network"    (open + network)/2 = (0.5, 1) -> (0.447214, 0.894427)
 *   f2_de "das Netzwerk"        netzwerk           = (0, 1)
 * </pre>
 * Query q1 (de) "Datei" = (1, 0): cosines f1_de 1, f1_en 0.894427, f2_en 0.447214, f2_de 0.
 * Query q2 (en) "network" = (0, 1): cosines f2_de 1, f2_en 0.894427, f1_en 0.447214, f1_de 0.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StaticModelEndToEndTest {

    private static final String MODEL = "tiny-static";

    @TempDir
    static Path temp;

    private E2eStack e2e;

    @BeforeAll
    void up() throws Exception {
        Path state = temp.resolve("stack");
        Path model = writeModel(temp.resolve("tiny-static-model"));
        // in this process: the encoders library is the cli's dependency (no embedder build to find)
        int added = E2eStack.bench("model", "add", model.toString(), "--id", MODEL, "--state-dir", state.toString(), "--probe", "Datei");
        assertThat(added).as("bench model add exit status").isZero();
        e2e = E2eStack.up(state, List.of(MODEL));
    }

    @AfterAll
    void down() {
        if (e2e != null) {
            e2e.down();
        }
    }

    @Test
    void aRunWithAStaticModelRanksByTheCosineOfTheMeanTokenVectors() throws Exception {
        Path dataset = writeDataset(e2e.config().stateDir().resolve("datasets").resolve("tiny-static-clir"), "tiny-static-clir");
        GatewayClient gateway = e2e.gateway();
        String id = gateway.registerDataset(dataset).path("id").asText();
        String runId = gateway.submitRun(id, List.of(MODEL + "/exact"), 10, 42, 100).path("id").asText();
        JsonNode end = new RunFollower(gateway, System.err, false).follow(runId, Duration.ofMinutes(5));
        assertThat(end.path("state").asText()).as(end.toString()).isEqualTo("COMPLETED");

        Path results = temp.resolve("results");
        ReportDownload.write(gateway, runId, results);
        Map<String, List<String[]>> ranked = trec(results.resolve("runs").resolve(ReportDownload.fileName(MODEL + "/exact") + ".trec"));
        assertRanking(ranked.get("q1"), new String[] {"f1_de", "f1_en", "f2_en", "f2_de"}, new double[] {1, 0.894427, 0.447214, 0});
        assertRanking(ranked.get("q2"), new String[] {"f2_de", "f2_en", "f1_en", "f1_de"}, new double[] {1, 0.894427, 0.447214, 0});

        // both queries find their cross-language gold at rank 2: R@10_cross 1 in the stored report
        JsonNode report = E2eStack.json(Files.readString(results.resolve("report.json")));
        assertThat(report.toString()).contains(MODEL + "/exact");
    }

    /** The TREC lines of one query against the expected documents and cosines, rank by rank (RemoteModelEndToEndTest too). */
    static void assertRanking(List<String[]> lines, String[] docids, double[] cosines) {
        assertThat(lines).as("ranked list").hasSize(docids.length);
        for (int i = 0; i < docids.length; i++) {
            assertThat(lines.get(i)[2]).as("rank %d", i + 1).isEqualTo(docids[i]);
            assertThat(Double.parseDouble(lines.get(i)[4])).as("score of %s", docids[i]).isCloseTo(cosines[i], within(1e-4));
        }
    }

    /** A TREC run file's lines split into fields, per query in file order. */
    static Map<String, List<String[]>> trec(Path file) throws Exception {
        Map<String, List<String[]>> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            String[] f = line.trim().split("\\s+");
            out.computeIfAbsent(f[0], q -> new ArrayList<>()).add(f);
        }
        return out;
    }

    /** The hand-made static model of this class (also the local model beside a served one: RemoteModelEndToEndTest). */
    static Path writeModel(Path dir) throws Exception {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("vocabulary.txt"), "open\nfile\ndatei\nnetwork\nnetzwerk\n");
        ByteBuffer w = ByteBuffer.allocate(10 * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (float x : new float[] {1, 1, 1, 0, 1, 0, 0, 1, 0, 1}) {
            w.putFloat(x);
        }
        Files.write(dir.resolve("weights.f32"), w.array());
        Files.writeString(dir.resolve("model.json"), """
                {"kind": "static", "id": "tiny-static", "languages": ["en", "de"], "weights": "weights.f32",
                 "vocabulary": "vocabulary.txt", "dimension": 2, "normalize": true, "license": "CC0-1.0",
                 "training": {"teacher": "hand-made", "pairs": {"de": 2}}}
                """);
        return dir;
    }

    /** The four documents and two queries of this class, as dataset {@code id}. */
    static Path writeDataset(Path dir, String id) throws Exception {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("dataset.json"), """
                {"id": "%s", "name": "two families in en and de", "version": "1", "license": "CC0-1.0",
                 "languages": ["de", "en"], "familyExpansion": true}
                """.formatted(id));
        Files.writeString(dir.resolve("corpus.jsonl"), """
                {"_id": "f1_en", "text": "open the file", "lang": "en", "family": "f1"}
                {"_id": "f1_de", "text": "die Datei", "lang": "de", "family": "f1"}
                {"_id": "f2_en", "text": "open the network", "lang": "en", "family": "f2"}
                {"_id": "f2_de", "text": "das Netzwerk", "lang": "de", "family": "f2"}
                """);
        Files.writeString(dir.resolve("queries.jsonl"), """
                {"_id": "q1", "text": "Datei", "lang": "de"}
                {"_id": "q2", "text": "network", "lang": "en"}
                """);
        Files.writeString(dir.resolve("qrels.tsv"), "query-id\tcorpus-id\tscore\nq1\tf1_de\t1\nq1\tf1_en\t1\nq2\tf2_en\t1\nq2\tf2_de\t1\n");
        return dir;
    }
}
