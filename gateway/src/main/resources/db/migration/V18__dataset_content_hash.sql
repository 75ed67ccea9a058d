-- Issue 13: datasets are pinned by the content hash of their files (bench-core DatasetHash, "sha256:<hex>").
-- Rows registered before this migration have none; the gateway records it at their next use.
ALTER TABLE datasets ADD COLUMN content_hash VARCHAR(80);
