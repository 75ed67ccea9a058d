-- QA runs (issue 16). Portable SQL: PostgreSQL and H2 (MODE=PostgreSQL).
-- One row per QA run. state: RECEIVING, EVALUATING, COMPLETED, FAILED, CANCELLED.
CREATE TABLE qa_eval_run (
    run_id            VARCHAR(200) NOT NULL PRIMARY KEY,
    state             VARCHAR(16)  NOT NULL,
    started           BYTEA        NOT NULL,  -- the QaRunStarted protobuf
    completed         BYTEA,                  -- the QaRunCompleted protobuf, once it arrived
    message           TEXT,
    created_at        BIGINT       NOT NULL,
    evaluation_millis BIGINT
);

-- One row per (run, system, instance): the QaPrediction protobuf as received.
CREATE TABLE qa_eval_prediction (
    run_id      VARCHAR(200) NOT NULL,
    system      VARCHAR(200) NOT NULL,
    instance_id VARCHAR(400) NOT NULL,
    prediction  BYTEA        NOT NULL,
    stored_at   BIGINT       NOT NULL,
    PRIMARY KEY (run_id, system, instance_id),
    FOREIGN KEY (run_id) REFERENCES qa_eval_run (run_id)
);

-- Report files of an evaluated QA run (bench qa eval's files and report.txt).
CREATE TABLE qa_eval_file (
    run_id  VARCHAR(200) NOT NULL,
    name    VARCHAR(100) NOT NULL,
    content TEXT         NOT NULL,
    PRIMARY KEY (run_id, name),
    FOREIGN KEY (run_id) REFERENCES qa_eval_run (run_id)
);
