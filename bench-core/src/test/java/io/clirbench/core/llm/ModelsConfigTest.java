package io.clirbench.core.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** models.json: a role's optional revision, and the errors that name the file, the role and the value. */
class ModelsConfigTest {

    @TempDir
    Path dir;

    private Path write(String json) throws Exception {
        Path f = dir.resolve("models.json");
        Files.writeString(f, json);
        return f;
    }

    @Test
    void aRoleMayGiveItsModelsRevisionAndARoleWithoutOneHasTheEmptyRevision() throws Exception {
        ModelsConfig c = ModelsConfig.read(write("""
                {"translator": {"base_url": "http://vllm:8000/v1", "model": "Qwen/Qwen2.5-72B-Instruct", "revision": " a09a354 "},
                 "judge": {"base_url": "https://api.openai.com/v1", "model": "gpt-4o-2024-08-06"}}
                """));
        assertThat(c.roles().get("translator").revision()).isEqualTo("a09a354");
        assertThat(c.roles().get("judge").revision()).isEmpty();
        assertThat(ModelsConfig.fromEnvironment(Map.of("OPENAI_BASE_URL", "http://h/v1")).roles().get("judge").revision()).isEmpty();
    }

    @Test
    void aRevisionThatIsNotANonEmptyStringIsAnErrorNamingFileRoleAndValue() throws Exception {
        Path f = write("{\"translator\": {\"base_url\": \"http://h/v1\", \"model\": \"m\", \"revision\": 7}}");
        assertThatThrownBy(() -> ModelsConfig.read(f)).hasMessage(f + ": translator.revision must be a non-empty string when given, was 7");
        Path blank = write("{\"judge\": {\"base_url\": \"http://h/v1\", \"model\": \"m\", \"revision\": \" \"}}");
        assertThatThrownBy(() -> ModelsConfig.read(blank)).hasMessageContaining("judge.revision must be a non-empty string");
        Path typo = write("{\"judge\": {\"base_url\": \"http://h/v1\", \"model\": \"m\", \"revison\": \"x\"}}");
        assertThatThrownBy(() -> ModelsConfig.read(typo)).hasMessageContaining("judge: unknown field 'revison'")
                .hasMessageContaining("revision)");
    }
}
