-- QA runs (issue 16); plain SQL that runs on H2 (MODE=PostgreSQL) and PostgreSQL.
-- Registered QA datasets (XHotpotQA canonical layout, validated when registered).
CREATE TABLE qa_datasets (
    id            VARCHAR(200)  NOT NULL PRIMARY KEY,
    version       VARCHAR(200)  NOT NULL,
    name          VARCHAR(1000),
    location      VARCHAR(4000) NOT NULL,
    instances     INTEGER       NOT NULL,
    registered_at BIGINT        NOT NULL
);

-- QA run snapshots: the same columns as runs (RunSnapshotStore serves both tables).
CREATE TABLE qa_runs (
    id              VARCHAR(64)  NOT NULL PRIMARY KEY,
    dataset_id      VARCHAR(200) NOT NULL,
    dataset_version VARCHAR(200) NOT NULL,
    state           VARCHAR(32)  NOT NULL,
    request_json    VARCHAR(100000) NOT NULL,
    progress_json   VARCHAR(100000) NOT NULL,
    message         VARCHAR(10000),
    created_at      BIGINT       NOT NULL,
    updated_at      BIGINT       NOT NULL
);

CREATE INDEX qa_runs_state ON qa_runs (state);
