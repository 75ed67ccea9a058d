#!/usr/bin/env bash
# A ChemCLIR-size `bench build qac` (issue 43) against the protocol harness, then `bench run` of the built dataset on
# the local stack. See README.md here. Needs the jars and the test classes built first:
#   ./mvnw -q install -DskipTests && ./mvnw -q -pl cli test-compile
# Environment: QAC_SCALE_DIR (default /tmp/chemclir-qac-scale; deleted and rewritten), QAC_SCALE_SEED (43),
# QAC_SCALE_RETRIEVERS ("bm25 all-minilm-l6-v2/exact"), QAC_SCALE_STACK (1; 0 = build only),
# QAC_SCALE_POSTGRES (jdbc:postgresql://127.0.0.1:5432/test; empty = the stack's H2 files).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${QAC_SCALE_DIR:-/tmp/chemclir-qac-scale}
seed=${QAC_SCALE_SEED:-43}
read -r -a retrievers <<< "${QAC_SCALE_RETRIEVERS:-bm25 all-minilm-l6-v2/exact}"
postgres=${QAC_SCALE_POSTGRES-jdbc:postgresql://127.0.0.1:5432/test}
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
cd "$root"
for f in cli/target/bench.jar cli/target/test-classes/io/clirbench/cli/construct/QacScaleHarness.class \
    bench-core/target/test-classes/io/clirbench/core/testing/ChatCompletionsServer.class; do
  [ -f "$f" ] || { echo "run.sh: $f is missing: ./mvnw -q install -DskipTests && ./mvnw -q -pl cli test-compile" >&2; exit 1; }
done
rm -rf "$work"
state="$work/state"
dataset="$state/datasets/qac-scale"          # under the stack's dataset root: bench run registers it by path
mkdir -p "$state/datasets"
log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" | tee -a "$work/run.log"; }

# 1. The corpus and the protocol server (generator and verifier answered deterministically; QacScaleHarness).
log "corpus and protocol server (seed $seed)"
nice -n 10 "$JAVA_HOME/bin/java" -Xmx1g -XX:+UseSerialGC \
  -cp cli/target/bench.jar:cli/target/test-classes:bench-core/target/test-classes \
  io.clirbench.cli.construct.QacScaleHarness "$work" "$seed" > "$work/server.log" 2>&1 &
server=$!
stack_up=0
cleanup() {
  kill "$server" 2>/dev/null || true
  if [ "$stack_up" = 1 ]; then ./bench down --state-dir "$state" || true; fi
}
trap cleanup EXIT
until grep -q '^ready ' "$work/server.log"; do
  kill -0 "$server" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 1
done
log "$(head -1 "$work/server.log")"

# 2. The build: 524 sources, five target languages, three candidates each, a separate verifier model.
log "bench build qac"
/usr/bin/time -v -o "$work/build.time" nice -n 10 ./bench build qac --corpus "$work/corpus.jsonl" \
  --languages en,de,fr,es,zh --max-sources 524 --models "$work/models.json" --concurrency 8 \
  --out "$dataset" --work "$work/build.work" > "$work/build.log" 2>&1 || { tail -20 "$work/build.log" >&2; exit 1; }
kill "$server"; wait "$server" 2>/dev/null || true
log "build done: $(grep -E 'Elapsed|Maximum resident' "$work/build.time" | tr -s ' \t' ' ' | paste -sd';')"
jq -c '{selection: .selection | {pool, selected_sources}, counts, usage, dataset_statistics}' "$dataset/build-report.json" | tee -a "$work/run.log"
tail -1 "$work/build.work/build-runs.jsonl" | tee -a "$work/run.log"
cat "$work/server-stats.json" | tee -a "$work/run.log"
[ "${QAC_SCALE_STACK:-1}" = 1 ] || exit 0

# 3. The local stack, one run per retriever and its report; the stack is stopped on exit.
for port in 8080 8082 8083 8091 9092; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "run.sh: port $port is taken (another stack?)" >&2; exit 1; fi
done
models=()
for r in "${retrievers[@]}"; do [ "$r" = bm25 ] || models+=("${r%%/*}"); done
models_arg=$(IFS=,; echo "${models[*]:-all-minilm-l6-v2}")
pg=()
if [ -n "$postgres" ]; then
  pg=(--postgres "$postgres" --postgres-schema qacscale)
  # a fresh pair of schemas, as the state directory is fresh (the stack's migrations create them again)
  PGOPTIONS=--client-min-messages=warning psql "postgresql://postgres@127.0.0.1:5432/${postgres##*/}" -qc 'DROP SCHEMA IF EXISTS qacscale_gateway CASCADE; DROP SCHEMA IF EXISTS qacscale_eval CASCADE'
fi
log "bench up --models $models_arg ${pg[*]}"
stack_up=1
start=$(date +%s)
nice -n 10 ./bench up --state-dir "$state" --models "$models_arg" "${pg[@]}" > "$work/up.log" 2>&1 || { tail -30 "$work/up.log" >&2; exit 1; }
log "stack up in $(( $(date +%s) - start )) s"
# One run per retriever, so that BM25's report does not wait for the dense embedding of the corpus.
for r in "${retrievers[@]}"; do
  name=${r//\//-}
  start=$(date +%s)
  /usr/bin/time -v -o "$work/run-$name.time" ./bench run --state-dir "$state" --dataset "$dataset" --retriever "$r" \
    > "$work/run-$name.log" 2>&1 || { tail -30 "$work/run-$name.log" >&2; exit 1; }
  log "bench run --retriever $r done in $(( $(date +%s) - start )) s"
  tr '\r' '\n' < "$work/run-$name.log" | grep -v '^\s*$' | grep -v '^\[[#-]*\]' | tail -25 | tee -a "$work/run.log"
  run_id=$(grep -oE '^run [^ ]+ submitted' "$work/run-$name.log" | head -1 | cut -d' ' -f2)
  ./bench report "$run_id" --state-dir "$state" --out "$work/results/$name" > "$work/report-$name.log" 2>&1 \
    || { cat "$work/report-$name.log" >&2; exit 1; }
  log "report files of run $run_id in $work/results/$name"
done
# Peak RSS (VmHWM) of every stack process, before `bench down` stops them.
for p in $(jq -r '.processes[] | "\(.name)=\(.pid)"' "$state/stack.json"); do
  log "peak RSS ${p%=*}: $(awk '/VmHWM/ {printf "%d MiB", $2 / 1024}' "/proc/${p#*=}/status" 2>/dev/null)"
done
