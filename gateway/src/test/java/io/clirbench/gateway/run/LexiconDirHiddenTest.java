package io.clirbench.gateway.run;

import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.gateway.TestDatasets;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 45: a run that needs lexicons while the lexicon directory holds none is refused naming the setting
 * ({@code gateway.lexicon-dir}), never the directory: neither its absolute path nor its path relative to a dataset root
 * (it lies under the tests' root {@code target}, which the refusal would have cut to {@code EMPTY_DIR}). A profile of its
 * own: the other tests write lexicons into the shared data directory.
 */
@QuarkusTest
@TestProfile(LexiconDirHiddenTest.NoLexicons.class)
class LexiconDirHiddenTest {

    /** A lexicon directory that does not exist, named so that any trace of it in a body is found. */
    static final String EMPTY_DIR = "lexicon-dir-of-issue-45";

    public static class NoLexicons implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("gateway.lexicon-dir", "target/" + EMPTY_DIR);
        }
    }

    @Test
    void aTranslateRunWithoutLexiconsNamesTheSettingNotTheLexiconDirectory() throws Exception {
        Path dir = TestDatasets.write("paths-lexicon");
        given().contentType(ContentType.JSON).body(Map.of("path", dir.toString())).post("/api/datasets").then().statusCode(201);
        for (String retriever : List.of("translate(bm25)", "dt(bm25, en)")) {
            String body = given().contentType(ContentType.JSON)
                    .body(Map.of("dataset", "paths-lexicon", "retrievers", List.of(retriever), "depth", 10, "bootstrap", 0))
                    .post("/api/runs").then().statusCode(400).extract().asString();
            assertThat(body).as(retriever).contains("no lexicon").contains("gateway.lexicon-dir")
                    .doesNotContain(EMPTY_DIR).doesNotContain(Path.of("target").toAbsolutePath().toString());
        }
    }
}
