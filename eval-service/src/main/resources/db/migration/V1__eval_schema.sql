-- Runs, their query results and their report files. Portable SQL: PostgreSQL and H2 (MODE=PostgreSQL).

-- One row per run, created by whichever of its events arrives first.
-- state: PENDING (results before RunStarted), RECEIVING, EVALUATING, COMPLETED, FAILED, CANCELLED.
CREATE TABLE eval_run (
    run_id            VARCHAR(200) NOT NULL PRIMARY KEY,
    state             VARCHAR(16)  NOT NULL,
    started           BYTEA,        -- the RunStarted protobuf, once it arrived
    completed         BYTEA,        -- the RunCompleted protobuf, once it arrived
    message           TEXT,         -- why the run failed or was cancelled
    created_at        BIGINT       NOT NULL,
    completed_at      BIGINT,
    evaluation_millis BIGINT
);

-- One row per (run, retriever, query): the QueryResult protobuf as received.
-- status: RAW (stored before RunStarted, not validated yet) or OK (validated, per-query values computed).
CREATE TABLE eval_result (
    run_id       VARCHAR(200) NOT NULL,
    retriever_id VARCHAR(200) NOT NULL,
    query_id     VARCHAR(200) NOT NULL,
    status       VARCHAR(8)   NOT NULL,
    result       BYTEA        NOT NULL,
    query_values TEXT,          -- JSON object, measure name -> value (METRICS.md §1)
    first_same   INTEGER,       -- best rank of a same-language gold document within the depth, else NULL
    first_cross  INTEGER,       -- best rank of a cross-language gold document within the depth, else NULL
    stored_at    BIGINT       NOT NULL,
    PRIMARY KEY (run_id, retriever_id, query_id),
    FOREIGN KEY (run_id) REFERENCES eval_run (run_id)
);

-- Rendered report files of a completed run (report.json, report.md, summary.csv, metrics.csv, ...).
CREATE TABLE eval_report_file (
    run_id  VARCHAR(200) NOT NULL,
    name    VARCHAR(100) NOT NULL,
    content TEXT         NOT NULL,
    PRIMARY KEY (run_id, name),
    FOREIGN KEY (run_id) REFERENCES eval_run (run_id)
);
