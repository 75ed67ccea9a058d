package io.clirbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.cli.gateway.GatewayClient;
import io.clirbench.cli.gateway.ReportDownload;
import io.clirbench.cli.gateway.RunFollower;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code MODEL/sparse} and {@code MODEL/maxsim} through the local stack (embedder, gateway, index-service, eval-service):
 * the tiny token model of the encoders ({@code encoders/src/test/token-models/build_token_models.py tiny},
 * checked in with its card, which declares a SPLADE output and a token-vector output) imported with
 * {@code bench model add}, run on the four documents and two queries below.
 *
 * <p>Expected by hand from the script's tables (special tokens [CLS] and [SEP] have no SPLADE weight and the token
 * vector (0, 0)):
 * <pre>
 * sparse (SPLADE weights)  f1_en "open the file" {open .25, file 1, datei .5}   f1_de "die Datei" {datei 1, file .5}
 *                          f2_en "open the network" {open .25, network 1, netzwerk .5}   f2_de "das Netzwerk" {netzwerk 1, network .5}
 *   q1 "Datei" {datei 1, file .5}: f1_de 1 + .25 = 1.25, f1_en .5 + .5 = 1.0 (f2_* share no token: not ranked)
 *   q2 "open network" {open .25, network 1, netzwerk .5}: f2_en .0625 + 1 + .25 = 1.3125, f2_de .5 + .5 = 1.0, f1_en .0625
 * maxsim (token vectors open (1,0), the/die/das (.6,.8), file (0,1), datei (.28,.96), network (.8,.6), netzwerk (.96,.28))
 *   q1: datei's best match: f1_de 1.0 (datei), f1_en .96 (file), f2_de .936 (das), f2_en .936 (the); the run file lists
 *       the tie in trec_eval's order (doc id descending: f2_en first), the index-service answered f2_de first (ascending)
 *   q2: open's best + network's best: f2_en 1 + 1 = 2.0, f1_en 1 + .96 = 1.96, f2_de .96 + .96 = 1.92, f1_de .6 + .96 = 1.56
 * </pre>
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SparseMaxSimEndToEndTest {

    private static final String MODEL = "tiny-token";
    private static final Path TINY = Path.of(System.getProperty("project.root", "..")).toAbsolutePath().normalize()
            .resolve("encoders/src/test/token-models/tiny");

    @TempDir
    static Path temp;

    private E2eStack e2e;

    @BeforeAll
    void up() throws Exception {
        Path state = temp.resolve("stack");
        Path model = Files.createDirectories(temp.resolve("tiny-token-model"));
        for (String file : List.of("model.json", "model.onnx", "tokenizer.json")) {
            Files.copy(TINY.resolve(file), model.resolve(file), StandardCopyOption.REPLACE_EXISTING);
        }
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
    void sparseAndMaxSimRunsRankAsComputedByHand() throws Exception {
        Path dataset = StaticModelEndToEndTest.writeDataset(e2e.config().stateDir().resolve("datasets").resolve("tiny-token-clir"),
                "tiny-token-clir");
        Files.writeString(dataset.resolve("queries.jsonl"), """
                {"_id": "q1", "text": "Datei", "lang": "de"}
                {"_id": "q2", "text": "open network", "lang": "en"}
                """);
        GatewayClient gateway = e2e.gateway();
        String id = gateway.registerDataset(dataset).path("id").asText();
        String runId = gateway.submitRun(id, List.of(MODEL + "/sparse", MODEL + "/maxsim"), 10, 42, 100).path("id").asText();
        JsonNode end = new RunFollower(gateway, System.err, false).follow(runId, Duration.ofMinutes(5));
        assertThat(end.path("state").asText()).as(end.toString()).isEqualTo("COMPLETED");

        Path results = temp.resolve("results");
        ReportDownload.write(gateway, runId, results);
        Map<String, List<String[]>> sparse = StaticModelEndToEndTest.trec(results.resolve("runs")
                .resolve(ReportDownload.fileName(MODEL + "/sparse") + ".trec"));
        StaticModelEndToEndTest.assertRanking(sparse.get("q1"), new String[] {"f1_de", "f1_en"}, new double[] {1.25, 1.0});
        StaticModelEndToEndTest.assertRanking(sparse.get("q2"), new String[] {"f2_en", "f2_de", "f1_en"}, new double[] {1.3125, 1.0, 0.0625});
        Map<String, List<String[]>> maxsim = StaticModelEndToEndTest.trec(results.resolve("runs")
                .resolve(ReportDownload.fileName(MODEL + "/maxsim") + ".trec"));
        StaticModelEndToEndTest.assertRanking(maxsim.get("q1"), new String[] {"f1_de", "f1_en", "f2_en", "f2_de"},
                new double[] {1.0, 0.96, 0.936, 0.936});
        StaticModelEndToEndTest.assertRanking(maxsim.get("q2"), new String[] {"f2_en", "f1_en", "f2_de", "f1_de"},
                new double[] {2.0, 1.96, 1.92, 1.56});

        JsonNode report = E2eStack.json(Files.readString(results.resolve("report.json")));
        assertThat(report.toString()).contains(MODEL + "/sparse").contains(MODEL + "/maxsim");
    }
}
