-- Issue 29: runs survive a gateway restart (resume, never resubmit); plain SQL for H2 (MODE=PostgreSQL) and PostgreSQL.
-- One row per retrieval or QA run (run ids are UUIDs, unique across both kinds), written when the run is accepted.
--   owner, lease_until: the gateway replica that executes or watches the run and until when (epoch ms) its lease holds;
--     a replica renews the leases of its runs every few seconds, and one that finds a lease expired (its owner died)
--     takes the run over. A gateway restarted under the same gateway.instance-id takes its own runs back at once.
--   started_event_at, completed_event_at: the timestamps of RunStarted / RunCompleted (or their QA events), chosen and
--     stored before the event is first sent, so that a resumed run sends the same event again, byte for byte (the
--     eval-service keeps an identical repeat as one and refuses a different one).
--   resumed_at: when a gateway last resumed the run after another process of it stopped (ISO-8601), null otherwise.
--   cancel_requested: a cancel that reached another replica; the owner cancels the run at its next save (a second).
CREATE TABLE run_lease (
    run_id             VARCHAR(64)  NOT NULL PRIMARY KEY,
    owner              VARCHAR(200) NOT NULL,
    lease_until        BIGINT       NOT NULL,
    started_event_at   BIGINT,
    completed_event_at BIGINT,
    resumed_at         VARCHAR(40),
    cancel_requested   BOOLEAN      DEFAULT FALSE NOT NULL
);

-- The results (retrieval) and predictions (QA) of a run that the broker confirmed, per retriever or system: a resumed
-- run publishes only the others again. Written in batches about once a second: a result confirmed in the last second
-- before a kill is sent again, and the eval-service keeps it once (results are keyed by run, retriever, query).
CREATE TABLE run_confirmed (
    run_id       VARCHAR(64)  NOT NULL,
    retriever_id VARCHAR(1000) NOT NULL,
    query_id     VARCHAR(1000) NOT NULL,
    PRIMARY KEY (run_id, retriever_id, query_id)
);

-- What a run must hold alone while it executes (a retrieval run: "dataset ID", whose index collections it fills), across
-- gateway replicas: the run holding it, its replica and until when (renewed with the run's lease). Within one replica
-- RunQueue keeps such runs apart; this row keeps runs on different replicas apart.
CREATE TABLE run_claim (
    claim       VARCHAR(300) NOT NULL PRIMARY KEY,
    run_id      VARCHAR(64)  NOT NULL,
    owner       VARCHAR(200) NOT NULL,
    lease_until BIGINT       NOT NULL
);
