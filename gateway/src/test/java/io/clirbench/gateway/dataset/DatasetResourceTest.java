package io.clirbench.gateway.dataset;

import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import io.clirbench.gateway.TestDatasets;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;

@QuarkusTest
class DatasetResourceTest {

    @Test
    void registersOnceThenNoOpThenConflict() throws Exception {
        Path dir = TestDatasets.write("reg-a");
        given().contentType(ContentType.JSON).body(Map.of("path", dir.toString()))
                .when().post("/api/datasets").then().statusCode(201).body("id", equalTo("reg-a"));
        given().contentType(ContentType.JSON).body(Map.of("path", dir.toString()))
                .when().post("/api/datasets").then().statusCode(200).body("location", equalTo(dir.toString()));
        Path other = TestDatasets.write("reg-a");
        given().contentType(ContentType.JSON).body(Map.of("path", other.toString()))
                .when().post("/api/datasets").then().statusCode(409).contentType("application/problem+json")
                .body("detail", containsString(TestDatasets.underRoot(other)))
                .body("detail", org.hamcrest.Matchers.not(containsString(other.toString())));
        given().when().get("/api/datasets").then().statusCode(200).body("id", hasItem("reg-a"));
    }

    @Test
    void aDirectoryOutsideTheRootsIsRefusedWithoutNamingTheRoots() throws Exception {
        Path outside = Files.createTempDirectory("outside-roots-"); // /tmp: under neither %test root (target, ../datasets)
        String body = given().contentType(ContentType.JSON).body(Map.of("path", outside.toString()))
                .when().post("/api/datasets").then().statusCode(400).contentType("application/problem+json")
                .body("errors.field", hasItem("path"))
                .body("detail", containsString("not under a dataset root of this gateway (gateway.datasets.roots: 2 directories"))
                .extract().asString();
        assertThat(body).doesNotContain(Path.of("target").toAbsolutePath().toString())
                .doesNotContain(Path.of("../datasets").toAbsolutePath().normalize().toString());
    }

    @Test
    void summaryCountsLanguagesAndGold() throws Exception {
        Path dir = TestDatasets.write("reg-summary");
        given().contentType(ContentType.JSON).body(Map.of("path", dir.toString())).post("/api/datasets").then().statusCode(201);
        Dataset d = TestDatasets.sample();
        // Independent count: gold = every member of a family holding a document judged > 0 (family expansion).
        Map<String, List<Document>> families = new HashMap<>();
        d.corpus().forEach(doc -> families.computeIfAbsent(doc.family(), f -> new java.util.ArrayList<>()).add(doc));
        int dual = 0;
        int noHome = 0;
        for (String qid : d.qrels().queryIds()) {
            Query q = d.query(qid);
            Set<String> langs = new HashSet<>();
            d.qrels().judgments(qid).forEach((doc, grade) -> {
                if (grade > 0) {
                    List<Document> members = d.info().familyExpansion() ? families.get(d.document(doc).family())
                            : List.of(d.document(doc));
                    members.forEach(m -> langs.add(m.lang()));
                }
            });
            if (langs.isEmpty()) {
                continue;
            }
            boolean home = langs.contains(q.lang());
            dual += home && langs.size() > 1 ? 1 : 0;
            noHome += home ? 0 : 1;
        }
        Map<String, Integer> docsEn = new HashMap<>();
        d.corpus().forEach(doc -> docsEn.merge(doc.lang(), 1, Integer::sum));
        var body = given().when().get("/api/datasets/reg-summary").then().statusCode(200)
                .body("documents", equalTo(d.corpus().size()))
                .body("queries", equalTo(d.queries().size()))
                .body("dualGoldQueries", equalTo(dual))
                .body("noHomeQueries", equalTo(noHome))
                .extract().jsonPath();
        assertThat(body.getMap("documentsPerLanguage", String.class, Integer.class)).isEqualTo(docsEn);
        assertThat(dual).as("xquad-clir gold is in every language: every query is dual-gold").isPositive();
    }

    @Test
    void fieldsBeyondTheKnownOnesInDatasetJsonAreKeptAndShown() throws Exception {
        Path dir = TestDatasets.write("reg-extra");
        Path info = dir.resolve("dataset.json");
        String json = Files.readString(info).strip();
        // dataset.json as written is one JSON object: add two fields before its closing brace
        Files.writeString(info, json.substring(0, json.length() - 1) + ", \"description\": \"with extras\", \"seed\": 7}\n");
        given().contentType(ContentType.JSON).body(Map.of("path", dir.toString())).post("/api/datasets").then().statusCode(201);
        given().when().get("/api/datasets/reg-extra").then().statusCode(200)
                .body("extra.description", equalTo("with extras"))
                .body("extra.seed", equalTo(7));
    }

    @Test
    void brokenDatasetIsRefusedNamingFileAndLine() throws Exception {
        Path dir = TestDatasets.write("reg-broken");
        Path qrels = Files.list(dir).filter(p -> p.getFileName().toString().startsWith("qrels")).findFirst().orElseThrow();
        Files.delete(qrels);
        Files.writeString(dir.resolve("qrels.tsv"), "query-id\tcorpus-id\tscore\nnope\tmissing-doc\t1\n");
        given().contentType(ContentType.JSON).body(Map.of("path", dir.toString()))
                .when().post("/api/datasets").then().statusCode(400).contentType("application/problem+json")
                .body("detail", containsString("qrels.tsv line 2"));
        given().when().get("/api/datasets/reg-broken").then().statusCode(404);
    }

    @Test
    void uploadsAZipAndRefusesOversizeAndZipSlip() throws Exception {
        Path dir = TestDatasets.write("upload-a");
        byte[] zip = zip(dir, "upload-a/");
        given().contentType("application/zip").body(zip).when().post("/api/datasets/upload")
                .then().log().ifValidationFails().statusCode(201).body("id", equalTo("upload-a"))
                .body("location", containsString("datasets/upload-a/"));
        given().contentType("application/zip").body(zip).when().post("/api/datasets/upload").then().statusCode(200);

        byte[] big = new byte[2_000_001]; // %test.gateway.upload.max-bytes=2000000
        given().contentType("application/zip").body(big).when().post("/api/datasets/upload")
                .then().statusCode(413).contentType("application/problem+json");

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bytes)) {
            out.putNextEntry(new ZipEntry("../../escaped.txt"));
            out.write("x".getBytes());
            out.closeEntry();
        }
        given().contentType("application/zip").body(bytes.toByteArray()).when().post("/api/datasets/upload")
                .then().statusCode(400).body("detail", containsString("../../escaped.txt"));
    }

    static byte[] zip(Path dir, String prefix) throws Exception {
        return io.clirbench.gateway.TestZips.zip(dir, prefix);
    }
}
