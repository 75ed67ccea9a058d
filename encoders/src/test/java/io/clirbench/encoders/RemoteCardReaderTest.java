package io.clirbench.encoders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Served models' cards (kind "remote"): what they read into, and every refusal naming its field. */
class RemoteCardReaderTest {

    /** A TEI card; {@code %s} adds fields to the card, the endpoint object is fixed. */
    static final String TEI = """
            {"kind": "remote", "id": "bge-m3-tei", "languages": ["multilingual"], "dimension": 1024,
             "endpoint": {"url": "http://tei:80/", "protocol": "tei"} %s}
            """;

    static ModelCard parse(String json) {
        return ModelCardReader.parse("cards/r.json", json.getBytes(StandardCharsets.UTF_8));
    }

    static ModelCard endpoint(String endpoint) {
        return parse("{\"kind\": \"remote\", \"id\": \"r\", \"languages\": [\"en\"], \"dimension\": 4, \"endpoint\": " + endpoint + "}");
    }

    @Test
    void aTeiCardReadsWithTheReadersDefaults() {
        ModelCard card = parse(TEI.formatted(", \"query\": {\"prefix\": \"query: \"}"));
        assertThat(card.kind()).isEqualTo(ModelCard.Kind.REMOTE);
        assertThat(card.dimension()).isEqualTo(1024);
        assertThat(card.outputDimension()).isEqualTo(1024);
        assertThat(card.apply(Role.QUERY, "Berlin")).isEqualTo("query: Berlin");
        assertThat(card.apply(Role.DOCUMENT, "Berlin")).isEqualTo("Berlin");
        RemoteEndpoint e = card.endpoint();
        // the trailing slash goes: the protocol's path starts with one
        assertThat(e.url()).isEqualTo("http://tei:80");
        assertThat(e.protocol()).isEqualTo(RemoteEndpoint.Protocol.TEI);
        assertThat(e.model()).isNull();
        assertThat(e.dimensions()).isNull();
        // the defaults documented on RemoteEndpointReader's fields and in the README
        assertThat(e.connectTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(e.requestTimeout()).isEqualTo(Duration.ofSeconds(60));
        assertThat(e.maxConcurrency()).isEqualTo(4);
        assertThat(e.maxRetries()).isEqualTo(4);
        assertThat(e.initialBackoff()).isEqualTo(Duration.ofMillis(500));
        assertThat(e.maxTokensPerRequest()).isEqualTo(8192);
        assertThat(e.maxTextsPerRequest()).isEqualTo(32);
        assertThat(card.normalize()).isTrue();
        assertThat(card.truncate()).isTrue();
    }

    @Test
    void anOpenAiCardTakesItsDimensionFromTheDimensionsItSends() {
        ModelCard card = parse("""
                {"kind": "remote", "id": "e3", "languages": ["multilingual"],
                 "endpoint": {"url": "https://api.example.com", "protocol": "openai", "model": "text-embedding-3-small",
                              "dimensions": 256, "tokenEnv": "OPENAI_API_KEY", "maxRetries": 0}}
                """);
        assertThat(card.dimension()).isEqualTo(256);
        assertThat(card.endpoint().dimensions()).isEqualTo(256);
        assertThat(card.endpoint().tokenEnv()).isEqualTo("OPENAI_API_KEY");
        assertThat(card.endpoint().maxRetries()).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            no endpoint        | {"kind": "remote", "id": "r", "languages": ["en"], "dimension": 4}                                 | field 'endpoint' is required and must be an object
            no dimension       | {"kind": "remote", "id": "r", "languages": ["en"], "endpoint": {"url": "http://h", "protocol": "tei"}} | field 'dimension' is required
            an onnx file       | {"kind": "remote", "id": "r", "languages": ["en"], "dimension": 4, "onnx": "m.onnx", "endpoint": {"url": "http://h", "protocol": "tei"}} | field 'onnx' is not used by a served model
            endpoint elsewhere | {"id": "m", "languages": ["en"], "onnx": "m.onnx", "tokenizer": "t.json", "dimension": 8, "pooling": "mean", "endpoint": {}} | field 'endpoint' is only used by a served model
            """)
    void aCardLevelMistakeIsNamed(String what, String json, String message) {
        assertThatThrownBy(() -> parse(json)).isInstanceOf(ModelCardException.class).hasMessageContaining("cards/r.json: " + message);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            no url              | {"protocol": "tei"}                                                   | field 'endpoint.url' is required
            not http            | {"url": "ftp://h/x", "protocol": "tei"}                               | field 'endpoint.url' must be an http:// or https:// URL with a host, found "ftp://h/x"
            a query             | {"url": "http://h/x?key=1", "protocol": "tei"}                        | field 'endpoint.url' must not have a query or fragment
            unknown protocol    | {"url": "http://h", "protocol": "grpc"}                               | field 'endpoint.protocol' must be "openai" or "tei", found "grpc"
            openai without model| {"url": "http://h", "protocol": "openai"}                             | field 'endpoint.model' is required with protocol "openai"
            tei with a model    | {"url": "http://h", "protocol": "tei", "model": "m"}                  | field 'endpoint.model' is not part of TEI's /embed request
            tei with dimensions | {"url": "http://h", "protocol": "tei", "dimensions": 4}               | field 'endpoint.dimensions' is not part of TEI's /embed request
            two token sources   | {"url": "http://h", "protocol": "tei", "tokenFile": "t", "tokenEnv": "T"} | field 'endpoint.tokenEnv' and tokenFile are both given
            an unknown field    | {"url": "http://h", "protocol": "tei", "retries": 3}                  | field 'endpoint.retries' is unknown
            zero concurrency    | {"url": "http://h", "protocol": "tei", "maxConcurrency": 0}           | field 'endpoint.maxConcurrency' must be a positive integer, found 0
            negative retries    | {"url": "http://h", "protocol": "tei", "maxRetries": -1}              | field 'endpoint.maxRetries' must be an integer from 0 to 20, found -1
            other dimensions    | {"url": "http://h", "protocol": "openai", "model": "m", "dimensions": 8} | field 'endpoint.dimensions' is 8 but dimension is 4
            """)
    void anEndpointMistakeIsNamedWithItsPath(String what, String endpoint, String message) {
        assertThatThrownBy(() -> endpoint(endpoint)).isInstanceOf(ModelCardException.class)
                .hasMessageContaining("cards/r.json: " + message);
    }

    @Test
    void credentialsInTheUrlAreRefusedWithoutBeingRepeated() {
        assertThatThrownBy(() -> endpoint("{\"url\": \"https://alice:s3cret@h/x\", \"protocol\": \"tei\"}"))
                .hasMessageContaining("field 'endpoint.url' must not hold credentials")
                .hasMessageNotContaining("s3cret");
    }
}
