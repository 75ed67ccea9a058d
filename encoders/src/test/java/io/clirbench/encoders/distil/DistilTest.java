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

    @TempDir
    Path tmp;

    @Test
    void aDebianPackageBecomesAStaticModelWithItsProvenance() throws Exception {
        Path deb = TinyDeb.write(tmp.resolve("debs"));
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
}
