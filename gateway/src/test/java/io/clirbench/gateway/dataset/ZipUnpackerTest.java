package io.clirbench.gateway.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.gateway.TestDatasets;
import io.clirbench.gateway.error.RequestRejectedException;
import io.clirbench.gateway.error.RequestRejectedException.Reason;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each hostile zip is refused with its reason, and nothing of it is left in the work directory. */
class ZipUnpackerTest {

    private static final ZipUnpacker.Limits LIMITS = new ZipUnpacker.Limits(10_000_000, 10_000, 50_000_000, 100);

    @TempDir
    Path work;

    @Test
    void aDatasetZipUnpacks() throws Exception {
        Path dir = TestDatasets.write("zip-ok");
        Path unpacked = new ZipUnpacker(LIMITS).unpack(new ByteArrayInputStream(HostileZips.of(dir)), work);
        try (Stream<Path> files = Files.list(unpacked); Stream<Path> given = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted())
                    .containsExactlyElementsOf(given.map(p -> p.getFileName().toString()).sorted().toList())
                    .contains("dataset.json");
        }
        assertThat(Files.readAllBytes(unpacked.resolve("dataset.json"))).isEqualTo(Files.readAllBytes(dir.resolve("dataset.json")));
    }

    @Test
    void aZipBombStopsAtTheRatioWhileInflating() {
        byte[] bomb = HostileZips.bomb(200_000_000);
        assertThat(bomb.length).isLessThan(300_000); // the 231 KB for 200 MB
        refused(bomb, LIMITS, Reason.TOO_LARGE, "gateway.upload.max-ratio = 100.0 times its " + bomb.length + " bytes");
    }

    @Test
    void aLowRatioZipStopsAtTheInflatedSize() {
        // random letters a/b deflate to about 1/7: 12 MB inflated from under 2 MB, a ratio well under 100
        byte[] text = new byte[12_000_000];
        Random random = new Random(5);
        for (int i = 0; i < text.length; i++) {
            text[i] = (byte) (random.nextBoolean() ? 'a' : 'b');
        }
        byte[] zip = HostileZips.named(new String(text, StandardCharsets.US_ASCII), "corpus.jsonl");
        assertThat((double) text.length / zip.length).isLessThan(100);
        refused(zip, new ZipUnpacker.Limits(10_000_000, 10, 10_000_000, 100), Reason.TOO_LARGE,
                "gateway.upload.max-uncompressed-bytes = 10000000");
    }

    @Test
    void twentyThousandEntriesAreRefusedBeforeAnyIsWritten() {
        byte[] zip = HostileZips.manyEntries(20_000);
        refused(zip, LIMITS, Reason.TOO_LARGE, "20000 entries, more than gateway.upload.max-entries = 10000");
    }

    @Test
    void hostileNamesAndEntriesAreRefused() {
        refused(HostileZips.duplicate(), LIMITS, Reason.INVALID, "entry 'dataset.json' is in the zip twice");
        refused(HostileZips.symlink(), LIMITS, Reason.INVALID, "entry 'corpus.jsonl' is a symbolic link");
        refused(HostileZips.nonUtf8Name(), LIMITS, Reason.INVALID, "an entry name is not UTF-8");
        refused(HostileZips.named("x", "/etc/cron.d/x"), LIMITS, Reason.INVALID, "is an absolute or drive path");
        refused(HostileZips.named("x", "ok.txt", "../../escape.txt"), LIMITS, Reason.INVALID, "climbs out of the archive");
        refused(HostileZips.named("x", "C:\\evil.txt"), LIMITS, Reason.INVALID, "is an absolute or drive path");
    }

    @Test
    void entriesThatCannotAllBeWrittenAreRefusedNotAServerError() {
        // found by fuzzing (fuzz/README.md): each was an UncheckedIOException, a 500, after part of the zip was written
        refused(HostileZips.named("x", "a", "a/b"), LIMITS, Reason.INVALID,
                "entry 'a/b' needs 'a' as a directory, but the zip has a file of that name");
        refused(HostileZips.named("x", "d/a/b", "d/a"), LIMITS, Reason.INVALID, "entry 'd/a/b' needs 'd/a' as a directory");
        refused(HostileZips.named("x", "a", "./a"), LIMITS, Reason.INVALID, "entry './a' is in the zip twice");
        refused(HostileZips.named("x", "d/" + "n".repeat(256)), LIMITS, Reason.INVALID, "longer than 255 bytes");
        refused(HostileZips.named("x", ("d".repeat(200) + "/").repeat(25) + "x"), LIMITS, Reason.INVALID,
                "is longer than 1024 bytes");
    }

    @Test
    void aDirectoryNamedLikeADatasetFileIsRefusedNamingTheEntry() throws Exception {
        byte[] zip = HostileZips.withDirectoryFor(TestDatasets.write("zip-dir-entry"), "dataset.json");
        refused(zip, LIMITS, Reason.INVALID, "entry 'dataset.json/' makes 'dataset.json' a directory");
        refused(HostileZips.named("x", "corpus.jsonl.gz/inner.txt"), LIMITS, Reason.INVALID,
                "entry 'corpus.jsonl.gz/inner.txt' makes 'corpus.jsonl.gz' a directory");
    }

    @Test
    void truncatedAndNonZipBodiesAreInvalid() throws Exception {
        byte[] good = HostileZips.of(TestDatasets.write("zip-cut"));
        refused(HostileZips.truncated(good), LIMITS, Reason.INVALID, "truncated");
        refused("not a zip at all, just text".getBytes(StandardCharsets.UTF_8), LIMITS, Reason.INVALID, "not a zip file");
        refused(new byte[0], LIMITS, Reason.INVALID, "not a zip file");
    }

    @Test
    void anUploadOverMaxBytesStopsAsItArrives() {
        refused(new byte[20_000], new ZipUnpacker.Limits(10_000, 10, 10, 1), Reason.TOO_LARGE,
                "upload is larger than gateway.upload.max-bytes = 10000 bytes");
    }

    private void refused(byte[] zip, ZipUnpacker.Limits limits, Reason reason, String message) {
        assertThatThrownBy(() -> new ZipUnpacker(limits).unpack(new ByteArrayInputStream(zip), work))
                .isInstanceOfSatisfying(RequestRejectedException.class, e -> assertThat(e.reason()).isEqualTo(reason))
                .hasMessageContaining(message)
                .hasMessageNotContaining(work.toString());
        try (Stream<Path> left = Files.list(work)) {
            assertThat(left).as("nothing of a refused upload stays").isEmpty();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
