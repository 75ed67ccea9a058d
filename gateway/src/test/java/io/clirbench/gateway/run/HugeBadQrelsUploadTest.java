package io.clirbench.gateway.run;

import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.clirbench.gateway.TestDatasets;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.kafka.KafkaTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * Issue 45, "Unbounded error list": a zip whose qrels.tsv has 3,000,000 lines naming unknown query and document ids
 * (39 MB inflated) once drove the gateway out of heap, and the next run failed. Uploaded through the real endpoint, it
 * is a quick 400 of bounded size that counts every problem and registers nothing, the heap it takes stays well under
 * the service's 1 GiB, and a good upload and a bm25 run after it complete.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
@TestProfile(HugeBadQrelsUploadTest.LargeUploads.class)
class HugeBadQrelsUploadTest {

    /**
     * Unique lines of counters inflate only about 5.5 times, so the zip is about 7 MB: above the %test
     * {@code gateway.upload.max-bytes} of 2 MB (well under the default 512 MiB). Only that limit is raised; the
     * inflated limit (50 MB in %test) and the ratio stay.
     */
    public static class LargeUploads implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("gateway.upload.max-bytes", "64000000");
        }
    }

    static final int BAD_LINES = 3_000_000;
    static final String ID = "bad-qrels-3m";

    @ConfigProperty(name = "gateway.data-dir")
    String dataDir;

    @Test
    void threeMillionBadQrelsLinesAreAQuickBoundedRefusalAndTheNextRunCompletes() throws Exception {
        Path zip = badZip();
        System.out.printf("[3M] zip %,d bytes, qrels.tsv %,d lines%n", Files.size(zip), BAD_LINES + 1);

        HeapWatch watch = HeapWatch.start(false);
        long start = System.nanoTime();
        Response response = given().contentType("application/zip").body(zip.toFile())
                .when().post("/api/datasets/upload");
        long millis = (System.nanoTime() - start) / 1_000_000;
        HeapWatch.Peaks sampled = watch.stop();
        String body = response.asString();
        int bodyBytes = body.getBytes(StandardCharsets.UTF_8).length;
        System.out.printf("[3M] answered %d in %,d ms, body %,d bytes; used heap before %,d MB, at most %,d MB (garbage"
                        + " included), max heap %,d MB%n", response.statusCode(), millis, bodyBytes, sampled.before() >> 20,
                sampled.peak() >> 20, Runtime.getRuntime().maxMemory() >> 20);

        assertThat(response.statusCode()).as(body.length() > 2000 ? body.substring(0, 2000) : body).isEqualTo(400);
        assertThat(bodyBytes).isLessThan(64 * 1024);
        JsonPath json = JsonPath.from(body);
        // every line names an unknown query id and an unknown document id: two problems a line, all counted
        long total = 2L * BAD_LINES;
        assertThat(json.getString("detail")).startsWith(total + " problems:")
                .contains("qrels.tsv line 2: unknown query id 'u0000000'").endsWith("... and " + (total - 50) + " more");
        assertThat(json.getList("errors")).hasSize(100);
        assertThat(json.getString("errors[0].field")).isEqualTo("qrels.tsv:2");
        assertThat(body).doesNotContain(Path.of(dataDir).toAbsolutePath().toString());
        assertThat(millis).as("the refusal's time").isLessThan(60_000);

        // the same upload again, a full collection before each heap sample: what it holds live, against the service's
        // -Xmx1g (the qrels reader once kept every line's pair of unknown ids, some 320 MB of the 3,000,000)
        HeapWatch live = HeapWatch.start(true);
        given().contentType("application/zip").body(zip.toFile()).when().post("/api/datasets/upload").then().statusCode(400);
        HeapWatch.Peaks peaks = live.stop();
        long held = peaks.peak() - peaks.before();
        System.out.printf("[3M] live heap before %,d MB, at most %,d MB while refused again (%d samples): %,d MB held%n",
                peaks.before() >> 20, peaks.peak() >> 20, peaks.samples(), held >> 20);
        assertThat(peaks.samples()).as("heap samples").isGreaterThan(2);
        assertThat(held).as("live heap the refusal held, in bytes").isLessThan(192L << 20);

        given().get("/api/datasets/" + ID).then().statusCode(404);
        assertThat(given().get("/api/datasets").then().statusCode(200).extract().jsonPath().getList("id")).doesNotContain(ID);
        assertThat(Path.of(dataDir, "datasets", ID)).doesNotExist();
        try (var left = Files.list(Path.of(dataDir).toAbsolutePath().resolve("tmp"))) {
            assertThat(left.toList()).as("nothing of the refused upload is left").isEmpty();
        }
        Files.delete(zip);

        // the service still works for everyone: readiness, a good upload, a bm25 run to COMPLETED
        given().get("/q/health/ready").then().statusCode(200);
        given().contentType("application/zip").body(io.clirbench.gateway.TestZips.zip(TestDatasets.write("after-3m"), "after-3m/"))
                .when().post("/api/datasets/upload").then().statusCode(201).body("id", equalTo("after-3m"));
        String run = TestRuns.submit("after-3m", List.of("bm25"));
        JsonPath done = TestRuns.awaitState(run, "COMPLETED");
        assertThat(done.getList("retrievers.queriesPublished", Integer.class))
                .containsExactly(TestDatasets.sample().queries().size());
    }

    /**
     * A zip of the test sample under {@link #ID} whose qrels.tsv is replaced by {@link #BAD_LINES} lines
     * {@code u0000000<TAB>x<TAB>1}...: every query id unknown and unique, the document id unknown. Streamed to a
     * temporary file, never held in memory.
     */
    static Path badZip() throws Exception {
        Path dir = TestDatasets.write(ID);
        Path zip = Files.createTempFile(Path.of("target"), ID + "-", ".zip");
        try (OutputStream file = new BufferedOutputStream(Files.newOutputStream(zip), 1 << 16);
             ZipOutputStream out = new ZipOutputStream(file); var files = Files.list(dir)) {
            for (Path f : files.filter(p -> !p.getFileName().toString().startsWith("qrels")).toList()) {
                out.putNextEntry(new ZipEntry(ID + "/" + f.getFileName()));
                Files.copy(f, out);
                out.closeEntry();
            }
            out.putNextEntry(new ZipEntry(ID + "/qrels.tsv"));
            out.write("query-id\tcorpus-id\tscore\n".getBytes(StandardCharsets.UTF_8));
            StringBuilder chunk = new StringBuilder(1 << 16);
            for (int i = 0; i < BAD_LINES; i++) {
                chunk.append('u').append(String.format("%07d", i)).append("\tx\t1\n");
                if (chunk.length() > 60_000) {
                    out.write(chunk.toString().getBytes(StandardCharsets.UTF_8));
                    chunk.setLength(0);
                }
            }
            out.write(chunk.toString().getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        TestDatasets.deleteTree(dir.getParent());
        return zip;
    }

    /**
     * The heap while a request runs, sampled every {@value #PERIOD_MILLIS} ms from another thread: with {@code live},
     * each sample follows a full collection ({@code System.gc()}), so its peak is the most the request held reachable
     * at once (the test JVM's default heap is a quarter of the machine's memory, far above the service's 1 GiB, and
     * collects too seldom for the usage after its own collections to tell); without, the used heap, garbage included.
     */
    static final class HeapWatch {

        static final int PERIOD_MILLIS = 100;

        record Peaks(long before, long peak, int samples) {
        }

        private final AtomicLong peak = new AtomicLong();
        private final java.util.concurrent.atomic.AtomicInteger samples = new java.util.concurrent.atomic.AtomicInteger();
        private final long before;
        private volatile boolean running = true;
        private final Thread sampler;

        private HeapWatch(boolean live) {
            System.gc();
            before = used();
            sampler = Thread.ofPlatform().daemon().start(() -> {
                while (running) {
                    if (live) {
                        System.gc();
                    }
                    peak.accumulateAndGet(used(), Math::max);
                    samples.incrementAndGet();
                    TestRuns.sleep(live ? PERIOD_MILLIS : 10);
                }
            });
        }

        static HeapWatch start(boolean live) {
            return new HeapWatch(live);
        }

        private static long used() {
            return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        }

        Peaks stop() throws Exception {
            running = false;
            sampler.join();
            return new Peaks(before, peak.get(), samples.get());
        }
    }
}
