package io.clirbench.gateway.run;

import io.clirbench.gateway.config.GatewayConfig;
import io.clirbench.service.store.DatabaseException;
import io.clirbench.service.store.Database;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * What a run needs to be resumed by another gateway process (tables {@code run_lease} and {@code run_confirmed},
 * migration V23): which replica owns the run and until when, the timestamps of its start and completion events (so
 * that a resumed run sends them again unchanged), when it was last resumed, and the results the broker confirmed per
 * retriever. Retrieval and QA runs share it (their ids are UUIDs).
 */
@ApplicationScoped
public class RunJournal {

    /** The two events whose timestamps are fixed before they are first sent. */
    public enum Event {
        STARTED("started_event_at"), COMPLETED("completed_event_at");

        private final String column;

        Event(String column) {
            this.column = column;
        }
    }

    /** Also run on PostgreSQL by FlywayPostgresTest. */
    public static final String CLAIM = "UPDATE run_lease SET owner = ?, lease_until = ? WHERE run_id = ? AND (owner = ? OR lease_until < ?)";
    /** Also run on PostgreSQL by FlywayPostgresTest. */
    public static final String INSERT_LEASE = "INSERT INTO run_lease (run_id, owner, lease_until) VALUES (?,?,?) ON CONFLICT DO NOTHING";
    /** Also run on PostgreSQL by FlywayPostgresTest. */
    public static final String CONFIRM = "INSERT INTO run_confirmed (run_id, retriever_id, query_id) VALUES (?,?,?) ON CONFLICT DO NOTHING";

    private final Database db;
    private final String owner;
    private final long leaseMillis;
    private final java.util.concurrent.atomic.AtomicBoolean claimsDropped = new java.util.concurrent.atomic.AtomicBoolean();

    @jakarta.inject.Inject
    RunJournal(Database db, GatewayConfig config, @ConfigProperty(name = "quarkus.http.port", defaultValue = "8080") int port) {
        this(db, config.runs().instanceId().orElseGet(() -> host() + ":" + port), config.runs().lease().toMillis());
    }

    /** A journal whose leases are held by {@code owner} for {@code leaseMillis} at a time. */
    public RunJournal(Database db, String owner, long leaseMillis) {
        if (leaseMillis < 3000) {
            throw new IllegalArgumentException("gateway.runs.lease must be at least 3 s, not " + leaseMillis + " ms");
        }
        this.db = db;
        this.owner = owner;
        this.leaseMillis = leaseMillis;
    }

    private static String host() {
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isBlank()) {
            return env;
        }
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            return "localhost";
        }
    }

    /** This replica's name in {@code run_lease.owner} ({@code gateway.runs.instance-id}, by default HOST:PORT). */
    public String owner() {
        return owner;
    }

    public long leaseMillis() {
        return leaseMillis;
    }

    /** A run just accepted here: this replica owns it. */
    public void accepted(String runId) {
        try (Connection c = db.connection(); PreparedStatement ps = c.prepareStatement(INSERT_LEASE)) {
            ps.setString(1, runId);
            ps.setString(2, owner);
            ps.setLong(3, System.currentTimeMillis() + leaseMillis);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new DatabaseException("lease run '" + runId + "': " + e.getMessage(), e);
        }
    }

    /**
     * Takes run {@code runId} when this replica owns it already (a restart under the same instance id) or its owner's
     * lease has expired (that replica died); false when a live replica holds it. A run with no lease row (accepted before
     * V23) is taken.
     */
    public boolean claim(String runId) {
        long now = System.currentTimeMillis();
        try (Connection c = db.connection()) {
            try (PreparedStatement ps = c.prepareStatement(CLAIM)) {
                ps.setString(1, owner);
                ps.setLong(2, now + leaseMillis);
                ps.setString(3, runId);
                ps.setString(4, owner);
                ps.setLong(5, now);
                if (ps.executeUpdate() == 1) {
                    return true;
                }
            }
            try (PreparedStatement ps = c.prepareStatement(INSERT_LEASE)) {
                ps.setString(1, runId);
                ps.setString(2, owner);
                ps.setLong(3, now + leaseMillis);
                return ps.executeUpdate() == 1;
            }
        } catch (SQLException e) {
            throw new DatabaseException("claim run '" + runId + "': " + e.getMessage(), e);
        }
    }

    /** Extends this replica's leases of {@code runIds}; returns those another replica has taken meanwhile. */
    public List<String> renew(Collection<String> runIds) {
        if (runIds.isEmpty()) {
            return List.of();
        }
        List<String> lost = new java.util.ArrayList<>();
        try (Connection c = db.connection();
             PreparedStatement ps = c.prepareStatement("UPDATE run_lease SET lease_until = ? WHERE run_id = ? AND owner = ?")) {
            long until = System.currentTimeMillis() + leaseMillis;
            for (String id : runIds) {
                ps.setLong(1, until);
                ps.setString(2, id);
                ps.setString(3, owner);
                if (ps.executeUpdate() == 0) {
                    lost.add(id);
                }
            }
            // only the claims of runs live here: a claim a killed process of this replica left behind must lapse
            try (PreparedStatement claims = c.prepareStatement("UPDATE run_claim SET lease_until = ? WHERE run_id = ? AND owner = ?")) {
                for (String id : runIds) {
                    claims.setLong(1, until);
                    claims.setString(2, id);
                    claims.setString(3, owner);
                    claims.executeUpdate();
                }
            }
        } catch (SQLException e) {
            throw new DatabaseException("renew run leases: " + e.getMessage(), e);
        }
        return lost;
    }

    /**
     * At the start of this replica's process: the claims an earlier process of it held (killed before it gave them up)
     * go; the runs that still need them take them again when they are resumed.
     */
    public void dropOwnClaims() {
        if (!claimsDropped.compareAndSet(false, true)) {
            return; // once per process: the second kind's start must not drop what the first kind's resumed runs took
        }
        try (Connection c = db.connection(); PreparedStatement ps = c.prepareStatement("DELETE FROM run_claim WHERE owner = ?")) {
            ps.setString(1, owner);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new DatabaseException("drop the run claims of replica '" + owner + "': " + e.getMessage(), e);
        }
    }

    /** A run that ended: its lease, confirmations and claims go (nothing is resumed any more). */
    public void release(String runId) {
        try (Connection c = db.connection();
             PreparedStatement lease = c.prepareStatement("DELETE FROM run_lease WHERE run_id = ?");
             PreparedStatement claims = c.prepareStatement("DELETE FROM run_claim WHERE run_id = ?");
             PreparedStatement confirmed = c.prepareStatement("DELETE FROM run_confirmed WHERE run_id = ?")) {
            claims.setString(1, runId);
            claims.executeUpdate();
            confirmed.setString(1, runId);
            confirmed.executeUpdate();
            lease.setString(1, runId);
            lease.executeUpdate();
        } catch (SQLException e) {
            throw new DatabaseException("release run '" + runId + "': " + e.getMessage(), e);
        }
    }

    /**
     * The timestamp of {@code event} of run {@code runId}: the one stored when it was first sent, else now (stored before
     * it is returned, so that the event is sent with it whichever process sends it).
     */
    public long eventTime(String runId, Event event) {
        long now = System.currentTimeMillis();
        try (Connection c = db.connection()) {
            try (PreparedStatement ps = c.prepareStatement("UPDATE run_lease SET " + event.column + " = ? WHERE run_id = ? AND "
                    + event.column + " IS NULL")) {
                ps.setLong(1, now);
                ps.setString(2, runId);
                ps.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT " + event.column + " FROM run_lease WHERE run_id = ?")) {
                ps.setString(1, runId);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() && rs.getObject(1) != null ? rs.getLong(1) : now;
                }
            }
        } catch (SQLException e) {
            throw new DatabaseException("event time of run '" + runId + "': " + e.getMessage(), e);
        }
    }

    /** Asks the replica that owns run {@code runId} to cancel it; false when the run has no lease (ended). */
    public boolean requestCancel(String runId) {
        try (Connection c = db.connection();
             PreparedStatement ps = c.prepareStatement("UPDATE run_lease SET cancel_requested = TRUE WHERE run_id = ?")) {
            ps.setString(1, runId);
            return ps.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new DatabaseException("request the cancel of run '" + runId + "': " + e.getMessage(), e);
        }
    }

    /** Which of this replica's runs {@code runIds} another replica was asked to cancel. */
    public List<String> cancelRequested(Collection<String> runIds) {
        List<String> out = new java.util.ArrayList<>();
        if (runIds.isEmpty()) {
            return out;
        }
        try (Connection c = db.connection(); PreparedStatement ps = c.prepareStatement(
                "SELECT run_id FROM run_lease WHERE owner = ? AND cancel_requested = TRUE")) {
            ps.setString(1, owner);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (runIds.contains(rs.getString(1))) {
                        out.add(rs.getString(1));
                    }
                }
            }
        } catch (SQLException e) {
            throw new DatabaseException("read cancel requests: " + e.getMessage(), e);
        }
        return out;
    }

    /** Records that run {@code runId} was resumed at {@code instant} (ISO-8601). */
    public void resumed(String runId, String instant) {
        try (Connection c = db.connection();
             PreparedStatement ps = c.prepareStatement("UPDATE run_lease SET resumed_at = ? WHERE run_id = ?")) {
            ps.setString(1, instant);
            ps.setString(2, runId);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new DatabaseException("mark run '" + runId + "' resumed: " + e.getMessage(), e);
        }
    }

    /** When run {@code runId} was last resumed; empty when never. */
    public Optional<String> resumedAt(String runId) {
        try (Connection c = db.connection();
             PreparedStatement ps = c.prepareStatement("SELECT resumed_at FROM run_lease WHERE run_id = ?")) {
            ps.setString(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.ofNullable(rs.getString(1)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new DatabaseException("read run '" + runId + "' lease: " + e.getMessage(), e);
        }
    }

    /** Records results the broker confirmed: per retriever id, query ids (a repeat is kept once). */
    public void confirm(String runId, Map<String, ? extends Collection<String>> byRetriever) {
        if (byRetriever.values().stream().allMatch(Collection::isEmpty)) {
            return;
        }
        try (Connection c = db.connection(); PreparedStatement ps = c.prepareStatement(CONFIRM)) {
            for (Map.Entry<String, ? extends Collection<String>> e : byRetriever.entrySet()) {
                for (String query : e.getValue()) {
                    ps.setString(1, runId);
                    ps.setString(2, e.getKey());
                    ps.setString(3, query);
                    ps.addBatch();
                }
            }
            ps.executeBatch();
        } catch (SQLException e) {
            throw new DatabaseException("record confirmed results of run '" + runId + "': " + e.getMessage(), e);
        }
    }

    /** Also run on PostgreSQL by FlywayPostgresTest. */
    public static final String INSERT_CLAIM = "INSERT INTO run_claim (claim, run_id, owner, lease_until) VALUES (?,?,?,?) ON CONFLICT DO NOTHING";
    /** Also run on PostgreSQL by FlywayPostgresTest: taken when the run holds it already or its holder's lease lapsed. */
    public static final String TAKE_CLAIM = "UPDATE run_claim SET run_id = ?, owner = ?, lease_until = ? WHERE claim = ? AND (run_id = ? OR lease_until < ?)";

    /**
     * Takes every one of {@code claims} for run {@code runId} across replicas; empty when it holds them all now, else the
     * run that holds one (nothing is kept then: the caller tries again later).
     */
    public Optional<String> holdClaims(String runId, Set<String> claims) {
        long now = System.currentTimeMillis();
        try (Connection c = db.connection()) {
            for (String claim : claims) {
                boolean held;
                try (PreparedStatement ps = c.prepareStatement(INSERT_CLAIM)) {
                    ps.setString(1, claim);
                    ps.setString(2, runId);
                    ps.setString(3, owner);
                    ps.setLong(4, now + leaseMillis);
                    held = ps.executeUpdate() == 1;
                }
                if (!held) {
                    try (PreparedStatement ps = c.prepareStatement(TAKE_CLAIM)) {
                        ps.setString(1, runId);
                        ps.setString(2, owner);
                        ps.setLong(3, now + leaseMillis);
                        ps.setString(4, claim);
                        ps.setString(5, runId);
                        ps.setLong(6, now);
                        held = ps.executeUpdate() == 1;
                    }
                }
                if (!held) {
                    releaseClaims(runId);
                    try (PreparedStatement ps = c.prepareStatement("SELECT run_id FROM run_claim WHERE claim = ?")) {
                        ps.setString(1, claim);
                        try (ResultSet rs = ps.executeQuery()) {
                            return Optional.of(rs.next() ? rs.getString(1) : "another run");
                        }
                    }
                }
            }
            return Optional.empty();
        } catch (SQLException e) {
            throw new DatabaseException("claim " + claims + " for run '" + runId + "': " + e.getMessage(), e);
        }
    }

    /** Gives up what run {@code runId} holds alone (its execution ended: EVALUATING, or over). */
    public void releaseClaims(String runId) {
        try (Connection c = db.connection(); PreparedStatement ps = c.prepareStatement("DELETE FROM run_claim WHERE run_id = ?")) {
            ps.setString(1, runId);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new DatabaseException("release the claims of run '" + runId + "': " + e.getMessage(), e);
        }
    }

    /** The results of run {@code runId} recorded as confirmed, per retriever id. */
    public Map<String, Set<String>> confirmed(String runId) {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        try (Connection c = db.connection();
             PreparedStatement ps = c.prepareStatement("SELECT retriever_id, query_id FROM run_confirmed WHERE run_id = ?")) {
            ps.setString(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.computeIfAbsent(rs.getString(1), k -> new java.util.HashSet<>()).add(rs.getString(2));
                }
            }
        } catch (SQLException e) {
            throw new DatabaseException("read confirmed results of run '" + runId + "': " + e.getMessage(), e);
        }
        return out;
    }
}
