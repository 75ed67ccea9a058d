package io.clirbench.cli.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.cli.gateway.api.EncoderView;
import io.clirbench.cli.gateway.api.RunView;
import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The contract of the CLI's typed gateway client: every (operation, field, JSON type) its records read, derived here by
 * reflection and kept in {@code src/test/resources/gateway-client-contract.tsv}, which the gateway's
 * {@code GatewayClientContractTest} checks against its {@code /q/openapi} document. A record changed without the file
 * fails here (the message holds the new content); a gateway field renamed or retyped fails there.
 */
class GatewayClientContractTest {

    static final Path CONTRACT = Path.of("src/test/resources/gateway-client-contract.tsv");

    /** The operations the typed client calls and the type each answers. */
    static List<String> derived() {
        List<String> rows = new ArrayList<>();
        fields("GET /api/runs/{id}", "", RunView.class, rows);
        fields("GET /api/qa-runs/{id}", "", RunView.class, rows);
        rows.add("GET /api/encoders\t\tarray");
        add("GET /api/encoders", "[]", EncoderView.class, rows);
        return rows;
    }

    @Test
    void theContractFileIsWhatTheRecordsRead() throws IOException {
        String expected = String.join("\n", derived()) + "\n";
        assertThat(Files.readString(CONTRACT, StandardCharsets.UTF_8)).as("update " + CONTRACT + " to:\n" + expected).isEqualTo(expected);
    }

    @Test
    void aTypedIdIsReadWithItsFacts() {
        // the fields the CLI decides on: a retriever's state and its typed id's embedsCorpus and models
        assertThat(derived()).contains("GET /api/runs/{id}\tretrievers[].state\tstring",
                "GET /api/runs/{id}\tretrievers[].typedId.embedsCorpus\tboolean",
                "GET /api/runs/{id}\tretrievers[].typedId.models[]\tstring");
    }

    private static void fields(String operation, String prefix, Class<?> record, List<String> rows) {
        for (RecordComponent c : record.getRecordComponents()) {
            add(operation, prefix + c.getName(), c.getGenericType(), rows);
        }
    }

    private static void add(String operation, String path, Type type, List<String> rows) {
        if (type instanceof ParameterizedType p && p.getRawType() == List.class) {
            rows.add(operation + "\t" + path + "\tarray");
            add(operation, path + "[]", p.getActualTypeArguments()[0], rows);
        } else if (type instanceof Class<?> c && c.isRecord()) {
            rows.add(operation + "\t" + path + "\tobject");
            fields(operation, path + ".", c, rows);
        } else {
            rows.add(operation + "\t" + path + "\t" + scalar((Class<?>) type));
        }
    }

    private static String scalar(Class<?> c) {
        if (c == String.class) {
            return "string";
        }
        if (c == boolean.class || c == Boolean.class) {
            return "boolean";
        }
        if (c == int.class || c == long.class || c == Integer.class || c == Long.class) {
            return "integer";
        }
        if (c == double.class || c == Double.class) {
            return "number";
        }
        throw new IllegalArgumentException("no JSON type for " + c);
    }
}
