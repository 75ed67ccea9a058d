package io.clirbench.gateway.rest;

import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The CLI's typed client reads what this gateway's {@code /q/openapi} document describes: every row of the contract the
 * CLI derives from its records ({@code cli/src/test/resources/gateway-client-contract.tsv}: operation, field path, JSON
 * type) names an operation here, and a field of that type in its 200 answer. A field renamed or retyped here fails this.
 */
@QuarkusTest
class GatewayClientContractTest {

    static final Path CONTRACT = Path.of("../cli/src/test/resources/gateway-client-contract.tsv");

    @Test
    void everyFieldTheCliReadsIsInTheOpenApiDocumentWithItsType() throws Exception {
        JsonNode doc = new ObjectMapper().readTree(given().queryParam("format", "json").get("/q/openapi").then().statusCode(200)
                .extract().asString());
        List<String> rows = Files.readAllLines(CONTRACT, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).toList();
        assertThat(rows).as(CONTRACT.toString()).hasSizeGreaterThan(10);
        List<String> problems = new ArrayList<>();
        for (String row : rows) {
            String[] f = row.split("\t", -1);
            String[] op = f[0].split(" ");
            JsonNode schema = doc.path("paths").path(op[1]).path(op[0].toLowerCase(Locale.ROOT)).path("responses").path("200")
                    .path("content").path("application/json").path("schema");
            String problem = schema.isMissingNode() ? "no 200 application/json answer" : check(doc, schema, f[1], f[2]);
            if (problem != null) {
                problems.add(row.replace('\t', ' ') + ": " + problem);
            }
        }
        assertThat(problems).as("contract rows the gateway's OpenAPI document does not hold").isEmpty();
    }

    /** A deliberately wrong row is found: the check can fail. */
    @Test
    void aFieldTheDocumentLacksIsReported() throws Exception {
        JsonNode doc = new ObjectMapper().readTree(given().queryParam("format", "json").get("/q/openapi").asString());
        JsonNode schema = doc.path("paths").path("/api/runs/{id}").path("get").path("responses").path("200").path("content")
                .path("application/json").path("schema");
        assertThat(check(doc, schema, "retrievers[].typedId.kind", "string")).isNull();
        assertThat(check(doc, schema, "retrievers[].typedId.kind", "boolean")).contains("string");
        assertThat(check(doc, schema, "retrievers[].nope", "string")).contains("no field 'nope'");
    }

    /** Null when {@code path} leads to a schema of {@code type}; else what is wrong. */
    static String check(JsonNode doc, JsonNode schema, String path, String type) {
        JsonNode at = resolve(doc, schema);
        String rest = path;
        while (!rest.isEmpty()) {
            if (rest.startsWith("[]")) {
                at = resolve(doc, at.path("items"));
                rest = rest.substring(2);
            } else {
                int end = rest.length();
                for (String sep : new String[] {".", "["}) {
                    int i = rest.indexOf(sep);
                    if (i >= 0 && i < end) {
                        end = i;
                    }
                }
                String name = rest.substring(0, end);
                if (!at.path("properties").has(name)) {
                    return "no field '" + name + "'";
                }
                at = resolve(doc, at.path("properties").path(name));
                rest = rest.substring(end);
            }
            if (rest.startsWith(".")) {
                rest = rest.substring(1);
            }
            if (at.isMissingNode()) {
                return "nothing at '" + path + "'";
            }
        }
        List<String> types = new ArrayList<>();
        if (at.path("type").isArray()) {
            at.path("type").forEach(t -> types.add(t.asText()));
        } else if (at.has("type")) {
            types.add(at.path("type").asText());
        } else if (at.has("properties")) {
            types.add("object");
        }
        if (type.equals("integer") ? types.contains("integer") : types.contains(type)) {
            return null;
        }
        return "of type " + types + ", not " + type;
    }

    /** {@code $ref} followed, and a nullable wrapper ({@code anyOf}/{@code oneOf}/{@code allOf} with one real schema) opened. */
    private static JsonNode resolve(JsonNode doc, JsonNode schema) {
        JsonNode at = schema;
        for (int i = 0; i < 8; i++) {
            if (at.has("$ref")) {
                String ref = at.path("$ref").asText();
                at = doc.path("components").path("schemas").path(ref.substring(ref.lastIndexOf('/') + 1));
                continue;
            }
            JsonNode choice = at.has("allOf") ? at.path("allOf") : at.has("anyOf") ? at.path("anyOf") : at.path("oneOf");
            if (choice.isArray() && !at.has("properties") && !at.has("type")) {
                JsonNode real = null;
                for (JsonNode c : choice) {
                    if (!"null".equals(c.path("type").asText())) {
                        real = c;
                    }
                }
                at = real == null ? at : real;
                continue;
            }
            return at;
        }
        return at;
    }
}
