package io.clirbench.gateway.rest;

import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasItem;

import io.clirbench.core.testing.GzipBombs;
import io.clirbench.gateway.TestDatasets;
import io.clirbench.gateway.qa.TestQaDatasets;
import io.clirbench.service.rest.ProblemMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * Issue 28, findings 1 and 2 at the gateway: a zip holding a stored {@code .gz} of the real file
 * followed by 256 MiB of blank lines (retrieval and QA uploads), and a 50 MB gzip of blank lines
 * registered by path, are refused with a 400 problem naming the file and the limit; nothing is
 * registered or left on disk, and the 50 MB gzip is refused within 2 seconds.
 */
@QuarkusTest
class GzipBombRequestsTest {

    static final String BLANK = "more than 1000 blank lines in a row (the blank-line limit)";

    @ConfigProperty(name = "gateway.data-dir")
    String dataDir;

    @Test
    void finding1AStoredGzipOfBlankLinesInAnUploadedZipIsRefused() throws Exception {
        Path dir = TestDatasets.write("bomb-upload");
        appendBlankLines(dir.resolve("corpus.jsonl.gz"), 256L << 20);
        byte[] zip = storedZip(dir, "bomb-upload/");
        assertThat(zip.length).isLessThan(2_000_000); // %test.gateway.upload.max-bytes; the finding's zip was 340 KB
        given().contentType("application/zip").body(zip).when().post("/api/datasets/upload").then()
                .log().ifValidationFails().statusCode(400).contentType(ProblemMapper.PROBLEM_JSON)
                .body("detail", containsString("corpus.jsonl.gz line ")).body("detail", containsString(BLANK));
        given().when().get("/api/datasets/bomb-upload").then().statusCode(404);
        assertThat(Path.of(dataDir, "datasets", "bomb-upload")).doesNotExist();
        assertTmpEmpty();
    }

    @Test
    void finding1TheSameInAQaUploadIsRefused() throws Exception {
        Path dir = TestQaDatasets.write("qa-bomb-upload", TestQaDatasets.sample(1));
        appendBlankLines(dir.resolve("instances.jsonl.gz"), 256L << 20);
        byte[] zip = storedZip(dir, "");
        assertThat(zip.length).isLessThan(2_000_000);
        given().contentType("application/zip").body(zip).when().post("/api/qa-datasets/upload").then()
                .log().ifValidationFails().statusCode(400).contentType(ProblemMapper.PROBLEM_JSON)
                .body("detail", containsString("instances.jsonl.gz line ")).body("detail", containsString(BLANK));
        assertThat(given().get("/api/qa-datasets").then().statusCode(200).extract().jsonPath().getList("id"))
                .doesNotContain("qa-bomb-upload");
        assertThat(Path.of(dataDir, "qa-datasets", "qa-bomb-upload")).doesNotExist();
        assertTmpEmpty();
    }

    @Test
    void finding2A50MbGzipOfBlankLinesRegisteredByPathIsRefusedWithin2Seconds() throws Exception {
        Path dir = TestDatasets.write("bomb-path");
        GzipBombs.ofCompressedSize(dir.resolve("corpus.jsonl.gz"), "", 50_000_000);
        assertThat(Files.size(dir.resolve("corpus.jsonl.gz"))).isGreaterThanOrEqualTo(50_000_000L);
        long start = System.nanoTime();
        given().contentType(ContentType.JSON).body(Map.of("path", dir.toString())).when().post("/api/datasets").then()
                .log().ifValidationFails().statusCode(400).contentType(ProblemMapper.PROBLEM_JSON)
                .body("detail", containsString("corpus.jsonl.gz line 1001: " + BLANK))
                .body("errors.field", hasItem("corpus.jsonl.gz:1001"));
        long ms = (System.nanoTime() - start) / 1_000_000;
        System.out.println("50 MB gzip of blank lines refused by path in " + ms + " ms");
        // a hang guard, not a speed gate (never gate CI on absolute times): unbounded, the bomb takes minutes
        assertThat(ms).as("milliseconds to refuse").isLessThan(60_000);
        given().when().get("/api/datasets/bomb-path").then().statusCode(404);
    }

    /** Appends a gzip of {@code bytes} blank lines to the gzip {@code file} (a second member: still one gzip file). */
    private static void appendBlankLines(Path file, long bytes) throws Exception {
        Path bomb = GzipBombs.blankLines(Files.createTempFile(Path.of("target"), "blank-", ".gz"), "", bytes);
        try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.APPEND)) {
            Files.copy(bomb, out);
        }
        Files.delete(bomb);
    }

    /** The files of {@code dir}, each STORED (not deflated): the zip's own size and ratio limits see nothing. */
    private static byte[] storedZip(Path dir, String prefix) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bytes); var files = Files.list(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                byte[] content = Files.readAllBytes(f);
                CRC32 crc = new CRC32();
                crc.update(content);
                ZipEntry entry = new ZipEntry(prefix + f.getFileName());
                entry.setMethod(ZipEntry.STORED);
                entry.setSize(content.length);
                entry.setCompressedSize(content.length);
                entry.setCrc(crc.getValue());
                out.putNextEntry(entry);
                out.write(content);
                out.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    private void assertTmpEmpty() throws Exception {
        Path tmp = Path.of(dataDir).toAbsolutePath().resolve("tmp");
        if (Files.isDirectory(tmp)) {
            try (var left = Files.list(tmp)) {
                assertThat(left.toList()).as("temporary upload directories left").isEmpty();
            }
        }
    }
}
