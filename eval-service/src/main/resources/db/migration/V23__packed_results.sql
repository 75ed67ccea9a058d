-- Results stored compactly (issue 40; eval-service README "Storage"). Portable SQL: PostgreSQL and H2 (MODE=PostgreSQL).
-- A validated result keeps its hits as a packed list (bench-core PackedList: document indexes into the dataset's corpus,
-- float scores where exact; 8 bytes a hit) instead of the QueryResult protobuf (~160 bytes a hit). Rows stored before
-- this migration keep their protobuf in result and are read as before; a raw row (waiting for RunStarted) keeps its
-- protobuf until it is validated.
ALTER TABLE eval_result ADD COLUMN hits BYTEA;
ALTER TABLE eval_result ADD COLUMN latency_micros BIGINT;
ALTER TABLE eval_result ALTER COLUMN result DROP NOT NULL;
-- The content hash of the dataset files whose corpus order the packed hits of the run index into.
ALTER TABLE eval_run ADD COLUMN corpus_hash VARCHAR(200);
