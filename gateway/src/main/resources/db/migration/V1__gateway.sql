-- Gateway schema; plain SQL that runs on H2 (MODE=PostgreSQL) and PostgreSQL.
CREATE TABLE datasets (
    id            VARCHAR(200)  NOT NULL PRIMARY KEY,
    version       VARCHAR(200)  NOT NULL,
    name          VARCHAR(1000),
    location      VARCHAR(4000) NOT NULL,
    documents     INTEGER       NOT NULL,
    queries       INTEGER       NOT NULL,
    registered_at BIGINT        NOT NULL
);

CREATE TABLE runs (
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

CREATE INDEX runs_state ON runs (state);

CREATE TABLE embedding_cache (
    model_id  VARCHAR(200) NOT NULL,
    role      VARCHAR(16)  NOT NULL,
    text_sha  CHAR(64)     NOT NULL,
    vector    BYTEA        NOT NULL,
    PRIMARY KEY (model_id, role, text_sha)
);
