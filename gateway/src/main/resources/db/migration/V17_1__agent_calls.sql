-- Agent runs (issue 17): one row per tool call published on agent-calls.v1, written once the broker acknowledged
-- it, so that call indexes and counts survive a gateway restart (the next index of a query is its MAX + 1).
-- Portable SQL: PostgreSQL and H2.
CREATE TABLE agent_call (
    run_id     VARCHAR(64)  NOT NULL,
    query_id   VARCHAR(200) NOT NULL,
    call_index INTEGER      NOT NULL,
    PRIMARY KEY (run_id, query_id, call_index),
    FOREIGN KEY (run_id) REFERENCES agent_run (run_id)
);
