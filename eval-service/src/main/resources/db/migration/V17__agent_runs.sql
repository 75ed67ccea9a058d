-- Agent runs (issue 17): the events of agent-calls.v1 as received, and the report files of each closed run.
-- Portable SQL: PostgreSQL and H2 (MODE=PostgreSQL).

-- state: RECEIVING (open, or closed with events still to come), COMPLETED (report stored), FAILED.
CREATE TABLE agent_eval_run (
    run_id     VARCHAR(64) NOT NULL PRIMARY KEY,
    state      VARCHAR(16) NOT NULL,
    opened     BYTEA,         -- the AgentRunOpened protobuf, once it arrived
    closed     BYTEA,         -- the AgentRunClosed protobuf, once it arrived
    message    TEXT,          -- why the run failed
    created_at BIGINT      NOT NULL
);

-- One row per (run, query, call index): the AgentCall protobuf as received (idempotent on the key).
CREATE TABLE agent_eval_call (
    run_id     VARCHAR(64)  NOT NULL,
    query_id   VARCHAR(200) NOT NULL,
    call_index INTEGER      NOT NULL,
    event      BYTEA        NOT NULL,
    PRIMARY KEY (run_id, query_id, call_index),
    FOREIGN KEY (run_id) REFERENCES agent_eval_run (run_id)
);

-- One row per (run, query): the AgentAnswer protobuf as received.
CREATE TABLE agent_eval_answer (
    run_id   VARCHAR(64)  NOT NULL,
    query_id VARCHAR(200) NOT NULL,
    event    BYTEA        NOT NULL,
    PRIMARY KEY (run_id, query_id),
    FOREIGN KEY (run_id) REFERENCES agent_eval_run (run_id)
);

-- Files of a completed run: the report (report.json, ...) and the run directory (run/run_<query>.json).
CREATE TABLE agent_eval_file (
    run_id  VARCHAR(64)  NOT NULL,
    name    VARCHAR(300) NOT NULL,
    content TEXT         NOT NULL,
    PRIMARY KEY (run_id, name),
    FOREIGN KEY (run_id) REFERENCES agent_eval_run (run_id)
);
