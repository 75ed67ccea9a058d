package io.clirbench.cli.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.cli.BenchCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code bench model add}: DIR or --remote, and the card the remote options describe (validated by the embedder). */
class ModelCommandTest {

    @TempDir
    Path dir;

    private record Ran(int code, String err) {
    }

    private static Ran run(String... args) {
        CommandLine commandLine = BenchCommand.commandLine();
        StringWriter err = new StringWriter();
        commandLine.setErr(new PrintWriter(err));
        commandLine.setOut(new PrintWriter(new StringWriter()));
        return new Ran(commandLine.execute(args), err.toString());
    }

    @Test
    void neitherADirectoryNorAnEndpointIsRefused() {
        Ran r = run("model", "add", "--state-dir", dir.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("give either DIR (a model on disk) or --remote URL (a served model), not neither");
    }

    @Test
    void bothADirectoryAndAnEndpointAreRefused() {
        Ran r = run("model", "add", dir.toString(), "--remote", "http://tei:80", "--state-dir", dir.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("not both");
    }

    @Test
    void anEndpointNeedsAnId() {
        Ran r = run("model", "add", "--remote", "http://tei:80", "--state-dir", dir.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--id is required");
    }

    @Test
    void theOptionsBecomeTheCardsFieldsAndOnlyThose() throws Exception {
        RemoteModelOptions o = new RemoteModelOptions();
        new CommandLine(new Object() {
            @CommandLine.Mixin
            RemoteModelOptions options = o;
        }).parseArgs("--remote", "https://api.example.com", "--protocol", "openai", "--model", "text-embedding-3-small",
                "--dimension", "256", "--token-env", "OPENAI_API_KEY", "--query-prefix", "query: ");
        // written by hand from the options above: dimensions is sent to an OpenAI endpoint, the defaults are the reader's
        String expected = """
                {"kind": "remote", "id": "e3", "languages": ["multilingual"],
                 "endpoint": {"url": "https://api.example.com", "protocol": "openai", "model": "text-embedding-3-small",
                              "dimensions": 256, "tokenEnv": "OPENAI_API_KEY"},
                 "dimension": 256, "query": {"prefix": "query: "}}
                """;
        ObjectMapper json = new ObjectMapper();
        assertThat(o.card("e3", List.of("multilingual"))).isEqualTo(json.readTree(expected));
    }

    @Test
    void aTeiCardKeepsTheTokenFilesAbsolutePathAndSendsNoDimensions() throws Exception {
        RemoteModelOptions o = new RemoteModelOptions();
        new CommandLine(new Object() {
            @CommandLine.Mixin
            RemoteModelOptions options = o;
        }).parseArgs("--remote", "http://tei:80", "--protocol", "tei", "--dimension", "1024", "--token-file", "secrets/../tok");
        var card = o.card("bge-m3-tei", List.of("en", "de"));
        assertThat(card.path("endpoint").has("dimensions")).isFalse();
        assertThat(card.path("dimension").asInt()).isEqualTo(1024);
        assertThat(card.path("endpoint").path("tokenFile").asText()).isEqualTo(Path.of("tok").toAbsolutePath().toString());
    }

    @Test
    void aCatalogueCardIsPassedToTheImporterByItsAbsolutePath() {
        RemoteModelOptions o = new RemoteModelOptions();
        new CommandLine(new Object() {
            @CommandLine.Mixin
            RemoteModelOptions options = o;
        }).parseArgs("--remote", "http://tei:80", "--protocol", "tei", "--card", "cards/../encoders/model-cards/bge-m3.json");
        assertThat(o.catalogue()).isEqualTo(Path.of("encoders/model-cards/bge-m3.json").toAbsolutePath());
        // the card the options describe stays theirs: the importer fills the rest from the catalogue card
        assertThat(o.card("bge-m3-tei", List.of("multilingual")).has("dimension")).isFalse();
        assertThat(new RemoteModelOptions().catalogue()).isNull();
    }

    @Test
    void aServedModelWithACatalogueCardIsWrittenInProcessWithoutAProbe() throws Exception {
        Path catalogue = Path.of(System.getProperty("project.root", ".."), "encoders", "model-cards", "bge-m3.json");
        Ran r = run("model", "add", "--remote", "http://tei:80", "--protocol", "tei", "--id", "bge-m3-tei", "--no-probe",
                "--card", catalogue.toString(), "--state-dir", dir.toString());
        assertThat(r.code()).as(r.err()).isZero();
        var card = new ObjectMapper().readTree(dir.resolve("models/bge-m3-tei/model.json").toFile());
        // BAAI/bge-m3's model card on Hugging Face: dense vectors of 1024 dimensions, inputs up to 8192 tokens
        assertThat(card.path("dimension").asInt()).isEqualTo(1024);
        assertThat(card.path("maxTokens").asInt()).isEqualTo(8192);
        assertThat(card.path("endpoint").path("protocol").asText()).isEqualTo("tei");
    }

    @Test
    void aDirectoryThatIsNoExportNamesTheMissingFileAndWritesNoCard() {
        Ran r = run("model", "add", dir.toString(), "--id", "empty", "--state-dir", dir.resolve("state").toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains(dir.toString()).contains("was not written");
        assertThat(dir.resolve("state/models/empty/model.json")).doesNotExist();
    }
}
