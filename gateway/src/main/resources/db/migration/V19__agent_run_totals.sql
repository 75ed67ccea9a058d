-- Issue 24: a closed agent run is shown from its row alone (its task directory may be gone): the number of questions,
-- written when the run opens, and the time its calls took (serving, publishing, recording), written when it closes.
-- Rows of runs opened before this migration have none (read as 0). Portable SQL: PostgreSQL and H2.
ALTER TABLE agent_run ADD COLUMN queries INTEGER;
ALTER TABLE agent_run ADD COLUMN serve_micros BIGINT;
ALTER TABLE agent_run ADD COLUMN publish_micros BIGINT;
ALTER TABLE agent_run ADD COLUMN store_micros BIGINT;
