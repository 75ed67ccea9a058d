-- Agent runs (issue 17): one row per session of the search tool. Portable SQL: PostgreSQL and H2.
-- state: OPEN or CLOSED; calls and answers are the counts published, written when the run closes.
CREATE TABLE agent_run (
    run_id         VARCHAR(64)  NOT NULL PRIMARY KEY,
    task_id        VARCHAR(200) NOT NULL,
    task_location  TEXT         NOT NULL,
    configuration  VARCHAR(100) NOT NULL,
    retriever      VARCHAR(300) NOT NULL,
    k              INTEGER      NOT NULL,
    snippet_tokens INTEGER      NOT NULL,
    bootstrap      INTEGER      NOT NULL,
    agent          VARCHAR(200) NOT NULL,
    state          VARCHAR(16)  NOT NULL,
    calls          INTEGER      NOT NULL,
    answers        INTEGER      NOT NULL,
    created_at     BIGINT       NOT NULL,
    closed_at      BIGINT
);

-- One row per answered query: an answer is accepted once.
CREATE TABLE agent_answer (
    run_id   VARCHAR(64)  NOT NULL,
    query_id VARCHAR(200) NOT NULL,
    PRIMARY KEY (run_id, query_id),
    FOREIGN KEY (run_id) REFERENCES agent_run (run_id)
);
