#!/usr/bin/env bash
# Builds the test cross-encoder (build_pair_cosine.py build BASE.onnx OUT.onnx) with a python3 that has the
# onnx package: $CLIRBENCH_PYTHON, else python3 when it imports onnx, else a virtual environment beside OUT
# filled from the wheels on disk (/opt/pypi/files and $PIP_FIND_LINKS; no index is asked).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
base=$1
out=$2
python=""
for candidate in "${CLIRBENCH_PYTHON:-}" python3; do
  if [ -n "$candidate" ] && command -v "$candidate" >/dev/null && "$candidate" -c 'import onnx' 2>/dev/null; then
    python=$candidate; break
  fi
done
if [ -z "$python" ]; then
  venv="$(dirname "$out")/py"
  if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import onnx' 2>/dev/null; then
    wheels="/opt/pypi/files ${PIP_FIND_LINKS:-}"
    links=()
    for w in $wheels; do links+=(--find-links "$w"); done
    python3 -m venv "$venv"
    if ! "$venv/bin/pip" install -q --no-index "${links[@]}" onnx numpy; then
      echo "build.sh: no python3 with the onnx package, and it could not be installed from $wheels;" \
           "set CLIRBENCH_PYTHON to a python3 that has onnx (pip install onnx)" >&2
      exit 2
    fi
  fi
  python="$venv/bin/python"
fi
exec "$python" "$here/build_pair_cosine.py" build "$base" "$out"
