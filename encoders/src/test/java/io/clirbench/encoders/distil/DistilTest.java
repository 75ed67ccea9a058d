package io.clirbench.encoders.distil;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.encoders.Encoder;
import io.clirbench.encoders.ModelCardReader;
import io.clirbench.encoders.Role;
import java.io.ByteArrayOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench distil} end to end on a real .deb built here with {@code dpkg-deb --build} (a German catalogue of 8
 * messages, plus a header, a plural and an untranslated entry that must be skipped), the real all-MiniLM-L6-v2 teacher
 * and the written card loaded back as an embedder loads it.
 */
class DistilTest {

    static final String[][] MESSAGES = {
            {"cannot open file %s", "Datei %s kann nicht geöffnet werden"},
            {"file not found", "Datei nicht gefunden"},
            {"permission denied", "Zugriff verweigert"},
            {"invalid option", "ungültige Option"},
            {"write error", "Schreibfehler"},
            {"read error", "Lesefehler"},
            {"memory exhausted", "Speicher erschöpft"},
            {"missing operand", "Fehlender Operand"}};

    @TempDir
    Path tmp;

    @Test
    void aDebianPackageBecomesAStaticModelWithItsProvenance() throws Exception {
        io.clirbench.core.testing.Peers.require(onPath("dpkg-deb"), "dpkg-deb is not installed");
        Path deb = deb(tmp.resolve("debs"));
        Path out = tmp.resolve("student");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        // held-out share 0: every pair trains (8 sentences x 2 sides, more tokens than rows: the fit is near exact)
        Distil.Options options = new Distil.Options(deb.getParent(), out, "tiny-student", "classpath:models/all-minilm-l6-v2.json",
                List.of("de", "fr"), 1e-4, 500, 0.0, 7, 1);
        ObjectNode card = Distil.run(options, new PrintWriter(new OutputStreamWriter(log, StandardCharsets.UTF_8), true));

        JsonNode training = card.get("training");
        assertThat(card.get("kind").asText()).isEqualTo("static");
        assertThat(card.get("languages")).hasSize(3);
        assertThat(training.get("pairs").get("de").asInt()).isEqualTo(8);
        JsonNode pkg = training.get("packages").get(0);
        assertThat(pkg.get("pkg").asText()).isEqualTo("tiny-msgs");
        assertThat(pkg.get("version").asText()).isEqualTo("1.0-1");
        assertThat(pkg.get("license").asText()).isEqualTo("GPL-3+");
        assertThat(pkg.get("sha256").asText()).isEqualTo(HexFormat.of().formatHex(
                MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(deb))));
        assertThat(Files.readAllLines(out.resolve("vocabulary.txt"))).contains("datei", "gefunden", "file");

        try (Encoder student = Encoder.load(ModelCardReader.read(out.resolve("model.json")), 1, "cpu");
             Encoder teacher = Encoder.load(ModelCardReader.read("classpath:models/all-minilm-l6-v2.json"), 1, "cpu")) {
            float[] s = student.embed(List.of("Datei nicht gefunden"), Role.DOCUMENT, student.planner(8192, 1))[0];
            float[] t = teacher.embed(List.of("file not found"), Role.DOCUMENT, teacher.planner(8192, 1))[0];
            assertThat(HeldOutEvaluation.dot(s, t)).isGreaterThan(0.95);
        }
    }

    private static Path deb(Path debs) throws Exception {
        Path root = debs.resolveSibling("tiny-msgs");
        Files.createDirectories(root.resolve("DEBIAN"));
        Files.writeString(root.resolve("DEBIAN/control"), """
                Package: tiny-msgs
                Version: 1.0-1
                Architecture: all
                Maintainer: clirbench tests <tests@clirbench.invalid>
                Description: a message catalogue for DistilTest
                """);
        Path mo = root.resolve("usr/share/locale/de/LC_MESSAGES/tiny.mo");
        Files.createDirectories(mo.getParent());
        String[][] entries = new String[MESSAGES.length + 3][];
        entries[0] = new String[] {"", "Content-Type: text/plain; charset=UTF-8\n"};
        System.arraycopy(MESSAGES, 0, entries, 1, MESSAGES.length);
        entries[MESSAGES.length + 1] = new String[] {"%d file\0%d files", "%d Datei\0%d Dateien"};
        entries[MESSAGES.length + 2] = new String[] {"untranslated", ""};
        Files.write(mo, mo(entries));
        Path copyright = root.resolve("usr/share/doc/tiny-msgs/copyright");
        Files.createDirectories(copyright.getParent());
        Files.writeString(copyright, "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n\n"
                + "Files: *\nCopyright: nobody\nLicense: GPL-3+\n\nFiles: m4/*\nLicense: FSFULLR\n");
        Files.createDirectories(debs);
        Path deb = debs.resolve("tiny-msgs_1.0-1_all.deb");
        Process p = new ProcessBuilder("dpkg-deb", "--root-owner-group", "--build", root.toString(), deb.toString())
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(output).isZero();
        return deb;
    }

    /** A little-endian .mo (GNU gettext manual, "The Format of GNU MO Files"), entries in the given (sorted enough) order. */
    static byte[] mo(String[][] entries) {
        int n = entries.length;
        int offset = 28 + 16 * n;
        ByteBuffer head = ByteBuffer.allocate(offset).order(ByteOrder.LITTLE_ENDIAN);
        head.putInt(0, 0x950412de).putInt(8, n).putInt(12, 28).putInt(16, 28 + 8 * n);
        ByteArrayOutputStream strings = new ByteArrayOutputStream();
        for (int side = 0; side < 2; side++) {
            for (int i = 0; i < n; i++) {
                byte[] s = entries[i][side].getBytes(StandardCharsets.UTF_8);
                head.putInt(28 + 8 * n * side + 8 * i, s.length).putInt(28 + 8 * n * side + 8 * i + 4, offset + strings.size());
                strings.writeBytes(s);
                strings.write(0);
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head.array());
        out.writeBytes(strings.toByteArray());
        return out.toByteArray();
    }

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
