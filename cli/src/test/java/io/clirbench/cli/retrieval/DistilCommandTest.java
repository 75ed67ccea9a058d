package io.clirbench.cli.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.cli.BenchCommand;
import io.clirbench.encoders.distil.TinyDeb;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code bench distil} in the bench process (the encoders library through Maven, no embedder build): a real .deb,
 * the built-in all-MiniLM-L6-v2 teacher from the class path, the student's files; the numbers themselves are the
 * encoders' {@code DistilTest}'s.
 */
class DistilCommandTest {

    @TempDir
    Path tmp;

    @Test
    void aDebianPackageBecomesAStaticModelAndTheCommandSaysHowToPlugItIn() throws Exception {
        Path debs = tmp.resolve("debs");
        TinyDeb.write(debs);
        Path out = tmp.resolve("student");
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        CommandLine bench = BenchCommand.commandLine();
        bench.setOut(new PrintWriter(stdout));
        bench.setErr(new PrintWriter(stderr));

        int code = bench.execute("distil", "--debs", debs.toString(), "--out", out.toString(), "--languages", "de",
                "--held-out", "0", "--threads", "1");

        assertThat(code).as(stderr.toString()).isZero();
        JsonNode card = new ObjectMapper().readTree(out.resolve("model.json").toFile());
        assertThat(card.path("kind").asText()).isEqualTo("static");
        assertThat(card.path("id").asText()).isEqualTo("student");
        // TinyDeb's catalogue: 8 German translations, each a training row beside its English sentence
        assertThat(card.path("training").path("pairs").path("de").asInt()).isEqualTo(TinyDeb.MESSAGES.length);
        assertThat(card.path("dimension").asInt()).as("all-MiniLM-L6-v2's published dimension").isEqualTo(384);
        assertThat(Files.size(out.resolve("weights.f32")))
                .isEqualTo((long) Files.readAllLines(out.resolve("vocabulary.txt")).size() * 384 * Float.BYTES);
        assertThat(stdout.toString()).contains("plug it in: ./bench model add " + out.toAbsolutePath().normalize());
    }

    @Test
    void aDirectoryWithoutPackagesNamesItAndWritesNothing() throws Exception {
        Path debs = Files.createDirectories(tmp.resolve("empty"));
        StringWriter stderr = new StringWriter();
        CommandLine bench = BenchCommand.commandLine();
        bench.setOut(new PrintWriter(new StringWriter()));
        bench.setErr(new PrintWriter(stderr));

        int code = bench.execute("distil", "--debs", debs.toString(), "--out", tmp.resolve("student").toString());

        assertThat(code).isEqualTo(1);
        assertThat(stderr.toString()).contains(debs + ": no .deb files").contains("bench distil: no model written");
        assertThat(tmp.resolve("student")).doesNotExist();
    }
}
