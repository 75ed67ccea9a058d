#!/bin/bash
# Run once by the postgres image on an empty data directory: one user and database per service.
set -euo pipefail
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" \
     -v gateway_password="$GATEWAY_DB_PASSWORD" -v eval_password="$EVAL_DB_PASSWORD" <<'SQL'
CREATE USER clirbench WITH PASSWORD :'gateway_password';
CREATE DATABASE clirbench OWNER clirbench;
CREATE USER eval WITH PASSWORD :'eval_password';
CREATE DATABASE eval OWNER eval;
SQL
