-- One evaluation pipeline for the three pillars (issue 25; README "Evaluation pool and replicas").
-- Portable SQL: PostgreSQL and H2 (MODE=PostgreSQL).

-- One report-file store for every pillar, keyed by (kind, run, name): the rows of the three per-pillar file tables
-- move here unchanged. kind: RETRIEVAL (eval_run), QA (qa_eval_run), AGENT (agent_eval_run).
CREATE TABLE eval_file (
    kind    VARCHAR(16)  NOT NULL,
    run_id  VARCHAR(200) NOT NULL,
    name    VARCHAR(300) NOT NULL,  -- agent runs: run/run_<query>.json
    content TEXT         NOT NULL,
    PRIMARY KEY (kind, run_id, name)
);
INSERT INTO eval_file (kind, run_id, name, content) SELECT 'RETRIEVAL', run_id, name, content FROM eval_report_file;
INSERT INTO eval_file (kind, run_id, name, content) SELECT 'QA', run_id, name, content FROM qa_eval_file;
INSERT INTO eval_file (kind, run_id, name, content) SELECT 'AGENT', run_id, name, content FROM agent_eval_file;
DROP TABLE eval_report_file;
DROP TABLE qa_eval_file;
DROP TABLE agent_eval_file;

-- The evaluation queue of every pillar, keyed by (kind, run): its rows (all retrieval runs so far) keep their
-- cost, owner, lease and claims. The table is built anew (its primary key and the foreign key to eval_run change)
-- and takes the old name.
CREATE TABLE eval_evaluation_by_kind (
    kind       VARCHAR(16)  NOT NULL,
    run_id     VARCHAR(200) NOT NULL,
    cost       BIGINT       NOT NULL,  -- query-resamples: per-query value vectors x max(1, B)
    queued_at  BIGINT       NOT NULL,  -- epoch ms
    owner      VARCHAR(200),           -- the replica evaluating it, NULL while queued
    expires_at BIGINT,                 -- epoch ms; the owner's claim ends then unless renewed
    claims     INTEGER      NOT NULL DEFAULT 0,
    PRIMARY KEY (kind, run_id)
);
INSERT INTO eval_evaluation_by_kind (kind, run_id, cost, queued_at, owner, expires_at, claims)
    SELECT 'RETRIEVAL', run_id, cost, queued_at, owner, expires_at, claims FROM eval_evaluation;
DROP TABLE eval_evaluation;
ALTER TABLE eval_evaluation_by_kind RENAME TO eval_evaluation;
CREATE INDEX eval_evaluation_queued ON eval_evaluation (queued_at);
