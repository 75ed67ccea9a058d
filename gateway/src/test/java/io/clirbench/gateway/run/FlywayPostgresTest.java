package io.clirbench.gateway.run;

import io.clirbench.gateway.dataset.DatasetStore;
import io.clirbench.gateway.retriever.EmbeddingCache;
import io.clirbench.gateway.run.RunSnapshotStore;
import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.gateway.agent.AgentRunStore;
import io.clirbench.service.testing.FreshPostgresSchema;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The gateway's migrations and the stores' insert SQL on the real PostgreSQL of the %kubernetes
 * profile (127.0.0.1:5432, database test, user postgres), in a fresh schema dropped afterwards.
 * Skipped, saying so, only when the server cannot be reached.
 */
class FlywayPostgresTest {

    private static final String URL = "jdbc:postgresql://127.0.0.1:5432/test";
    private static final String USER = "postgres";

    private FreshPostgresSchema pg;
    private Connection c;

    @BeforeEach
    void migrateIntoAFreshSchema() throws SQLException {
        pg = FreshPostgresSchema.open(URL, USER, "gateway_it");
        var result = pg.migrate();
        assertThat(result.success).isTrue();
        // V1, V16 (QA datasets and runs), V17 (agent runs), V17.1 (agent calls), V18 (dataset content hash), V19 (agent run totals),
        // V20 (sign-in sessions), V23 (run leases and confirmed results)
        assertThat(result.migrationsExecuted).isEqualTo(8);
        c = pg.connect();
    }

    @AfterEach
    void dropSchema() throws SQLException {
        if (c != null) {
            c.close();
        }
        if (pg != null) {
            pg.close();
        }
    }

    @Test
    void everyTableTakesTheStoresInserts() throws SQLException {
        execute(DatasetStore.INSERT, "xquad-clir", "1.0", "XQuAD", "/data/xquad", 2880, 1200, 5L, "sha256:" + "0".repeat(64));
        assertThat(row("SELECT name, documents, registered_at FROM datasets WHERE id = 'xquad-clir'"))
                .isEqualTo("XQuAD|2880|5");

        execute(RunSnapshotStore.INSERT, "r1", "xquad-clir", "1.0", "QUEUED", "{\"depth\":10}", "{}", null, 1L, 1L);
        execute(RunSnapshotStore.UPDATE, "FAILED", "{\"state\":\"FAILED\"}", "it broke", 2L, "r1");
        assertThat(row("SELECT state, request_json, progress_json, message, updated_at FROM runs WHERE id = 'r1'"))
                .isEqualTo("FAILED|{\"depth\":10}|{\"state\":\"FAILED\"}|it broke|2");
        // one page, newest first: r2 (created 3) before r1 (created 1)
        execute(RunSnapshotStore.INSERT, "r2", "xquad-clir", "1.0", "QUEUED", "{}", "{\"id\":\"r2\"}", null, 3L, 3L);
        try (PreparedStatement ps = c.prepareStatement(RunSnapshotStore.PAGE)) {
            ps.setInt(1, 1);
            ps.setInt(2, 1);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("{\"state\":\"FAILED\"}");
                assertThat(rs.next()).isFalse();
            }
        }

        // the second insert of the same key is ignored (ON CONFLICT DO NOTHING): the first vector stays
        String sha = EmbeddingCache.sha256("a text");
        assertThat(execute(EmbeddingCache.INSERT, "m", "QUERY", sha, EmbeddingCache.toBytes(new float[] {0.5f, -1f})))
                .isEqualTo(1);
        assertThat(execute(EmbeddingCache.INSERT, "m", "QUERY", sha, EmbeddingCache.toBytes(new float[] {9f})))
                .isZero();
        try (ResultSet rs = c.createStatement().executeQuery("SELECT text_sha, vector FROM embedding_cache")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo(sha);
            assertThat(EmbeddingCache.fromBytes(rs.getBytes(2))).containsExactly(0.5f, -1f);
            assertThat(rs.next()).isFalse();
        }
    }

    @Test
    void aSignInSessionIsFoundWhileLiveAndGoneAfterSignOutOrExpiry() throws SQLException {
        String live = io.clirbench.gateway.security.SignInSessions.sha256("session-a");
        String old = io.clirbench.gateway.security.SignInSessions.sha256("session-b");
        assertThat(live).hasSize(64);
        execute(io.clirbench.gateway.security.SignInSessions.INSERT, live, "reader", 10L, 100L);
        execute(io.clirbench.gateway.security.SignInSessions.INSERT, old, "runner", 10L, 50L);
        assertThat(row(io.clirbench.gateway.security.SignInSessions.HOLDER.replaceFirst("\\?", "'" + live + "'")
                .replace("?", "99"))).isEqualTo("reader");
        // expired at 50: not found at 60, purged then
        try (PreparedStatement ps = c.prepareStatement(io.clirbench.gateway.security.SignInSessions.HOLDER)) {
            ps.setString(1, old);
            ps.setLong(2, 60L);
            assertThat(ps.executeQuery().next()).isFalse();
        }
        assertThat(execute(io.clirbench.gateway.security.SignInSessions.PURGE, 60L)).isEqualTo(1);
        assertThat(execute(io.clirbench.gateway.security.SignInSessions.DELETE, live)).isEqualTo(1);
        assertThat(c.createStatement().executeQuery("SELECT 1 FROM sign_in_session").next()).isFalse();
    }

    @Test
    void anAgentRunKeepsItsTotalsWhenItCloses() throws SQLException {
        execute(AgentRunStore.INSERT_RUN, "a1", "xquad-agentic", "/data/task", "multilingual", "bm25", 5, 512, 0, "agent", 7L, 24);
        try (PreparedStatement ps = c.prepareStatement(AgentRunStore.CLOSED_TOTALS)) {
            ps.setString(1, "a1");
            assertThat(ps.executeQuery().next()).as("no totals while open").isFalse();
        }
        execute(AgentRunStore.CLOSE_RUN, 30, 24, 9L, 1500L, 700L, 80L, "a1");
        assertThat(row(AgentRunStore.CLOSED_TOTALS.replace("?", "'a1'"))).isEqualTo("24|30|24|1500|700|80");
    }

    /**
     * The run journal's statements: a lease is inserted once, taken by its owner again or by another replica only once
     * it lapsed (times: lease until 100; claims at 50 and 150); a confirmation repeated is kept once.
     */
    @Test
    void aRunLeaseIsTakenOnlyByItsOwnerOrAfterItLapsedAndConfirmationsAreKeptOnce() throws SQLException {
        assertThat(execute(io.clirbench.gateway.run.RunJournal.INSERT_LEASE, "r1", "gw-a", 100L)).isEqualTo(1);
        assertThat(execute(io.clirbench.gateway.run.RunJournal.INSERT_LEASE, "r1", "gw-b", 900L)).as("a second insert").isZero();
        // CLAIM: owner, new lease_until, run, owner again, now
        assertThat(execute(io.clirbench.gateway.run.RunJournal.CLAIM, "gw-b", 200L, "r1", "gw-b", 50L)).as("gw-a's lease holds").isZero();
        assertThat(execute(io.clirbench.gateway.run.RunJournal.CLAIM, "gw-a", 120L, "r1", "gw-a", 50L)).as("its owner").isEqualTo(1);
        assertThat(execute(io.clirbench.gateway.run.RunJournal.CLAIM, "gw-b", 250L, "r1", "gw-b", 150L)).as("lapsed").isEqualTo(1);
        assertThat(row("SELECT owner, lease_until FROM run_lease WHERE run_id = 'r1'")).isEqualTo("gw-b|250");
        assertThat(execute(io.clirbench.gateway.run.RunJournal.CONFIRM, "r1", "bm25", "q1")).isEqualTo(1);
        assertThat(execute(io.clirbench.gateway.run.RunJournal.CONFIRM, "r1", "bm25", "q1")).isZero();
        assertThat(row("SELECT COUNT(*) FROM run_confirmed WHERE run_id = 'r1'")).isEqualTo("1");
        // a dataset held by r1 (lease until 100): r2 cannot take it at 50, r1 renews it, r2 takes it once it lapsed (150)
        assertThat(execute(io.clirbench.gateway.run.RunJournal.INSERT_CLAIM, "dataset d", "r1", "gw-a", 100L)).isEqualTo(1);
        assertThat(execute(io.clirbench.gateway.run.RunJournal.INSERT_CLAIM, "dataset d", "r2", "gw-b", 900L)).isZero();
        // TAKE_CLAIM: run, owner, lease_until, claim, run again, now
        assertThat(execute(io.clirbench.gateway.run.RunJournal.TAKE_CLAIM, "r2", "gw-b", 900L, "dataset d", "r2", 50L)).isZero();
        assertThat(execute(io.clirbench.gateway.run.RunJournal.TAKE_CLAIM, "r1", "gw-a", 120L, "dataset d", "r1", 50L)).isEqualTo(1);
        assertThat(execute(io.clirbench.gateway.run.RunJournal.TAKE_CLAIM, "r2", "gw-b", 900L, "dataset d", "r2", 150L)).isEqualTo(1);
        assertThat(row("SELECT run_id, owner FROM run_claim")).isEqualTo("r2|gw-b");
    }

    private int execute(String sql, Object... values) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                ps.setObject(i + 1, values[i]);
            }
            return ps.executeUpdate();
        }
    }

    /** The columns of the only row, joined by '|'. */
    private String row(String sql) throws SQLException {
        try (ResultSet rs = c.createStatement().executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            StringBuilder b = new StringBuilder(rs.getString(1));
            for (int i = 2; i <= rs.getMetaData().getColumnCount(); i++) {
                b.append('|').append(rs.getString(i));
            }
            assertThat(rs.next()).as("one row").isFalse();
            return b.toString();
        }
    }
}
