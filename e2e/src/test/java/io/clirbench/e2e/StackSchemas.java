package io.clirbench.e2e;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;

/**
 * The two PostgreSQL schemas of one local stack on PostgreSQL ({@code PREFIX_gateway}, {@code PREFIX_eval}):
 * created by the test before the stack starts, not by two eval replicas' migrations racing to create the same
 * schema, and dropped with everything in them afterwards.
 */
final class StackSchemas {

    private StackSchemas() {
    }

    /** A fresh prefix: {@code tag_} and ten hex digits. */
    static String prefix(String tag) {
        return tag + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10).toLowerCase(Locale.ROOT);
    }

    static void create(Connection admin, String prefix) throws SQLException {
        try (Statement s = admin.createStatement()) {
            s.execute("CREATE SCHEMA " + prefix + "_gateway");
            s.execute("CREATE SCHEMA " + prefix + "_eval");
        }
    }

    static void drop(Connection admin, String prefix) throws SQLException {
        try (Statement s = admin.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + prefix + "_gateway CASCADE");
            s.execute("DROP SCHEMA IF EXISTS " + prefix + "_eval CASCADE");
        }
    }
}
