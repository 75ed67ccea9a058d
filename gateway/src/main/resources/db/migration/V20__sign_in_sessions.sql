-- Issue 28, finding 7: the sign-in cookie carries a session id, no longer the token; signing out deletes the row, so a
-- copied cookie stops working. The id itself is not stored, only its SHA-256 (hex): a copy of this table signs no
-- one in. holder is the token's holder (runner or reader); times in epoch milliseconds. Portable SQL: PostgreSQL and H2.
CREATE TABLE sign_in_session (
    id_sha256  VARCHAR(64) PRIMARY KEY,
    holder     VARCHAR(16) NOT NULL,
    created_at BIGINT      NOT NULL,
    expires_at BIGINT      NOT NULL
);
CREATE INDEX sign_in_session_expires ON sign_in_session (expires_at);
