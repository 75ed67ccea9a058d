-- The evaluation queue every eval-service replica shares (README "Evaluation pool and replicas").
-- A run that has every result gets a row here in the transaction that moves it to EVALUATING; a
-- replica claims it (owner + lease expiry), renews the lease while it evaluates, and deletes the row
-- in the transaction that stores the report. A lease that expired belongs to a replica that died: any
-- replica may claim the run again.
CREATE TABLE eval_evaluation (
    run_id     VARCHAR(200) NOT NULL PRIMARY KEY,
    cost       BIGINT       NOT NULL,  -- query-resamples: queries x retrievers x max(1, B)
    queued_at  BIGINT       NOT NULL,  -- epoch ms
    owner      VARCHAR(200),           -- the replica evaluating it, NULL while queued
    expires_at BIGINT,                 -- epoch ms; the owner's claim ends then unless renewed
    claims     INTEGER      NOT NULL DEFAULT 0,
    FOREIGN KEY (run_id) REFERENCES eval_run (run_id)
);
CREATE INDEX eval_evaluation_queued ON eval_evaluation (queued_at);
