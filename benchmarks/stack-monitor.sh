#!/usr/bin/env bash
# Samples the local stack while a run goes on (issue 40, "Scale"): every INTERVAL seconds the resident set (RSS) of each
# service recorded in STATE_DIR/stack.json and the size of the data directories; prints one line per sample and, when
# stopped (Ctrl-C, or kill), the peak RSS of each service and the final data sizes.
# Usage: stack-monitor.sh [STATE_DIR (.bench)] [INTERVAL (5)]
set -uo pipefail
state=${1:-.bench}
interval=${2:-5}
declare -A peak
report() {
  echo "== peak RSS (MiB)"
  for name in "${!peak[@]}"; do echo "$name ${peak[$name]}"; done | sort
  echo "== data (MiB)"
  du -sm "$state"/data/* 2>/dev/null
  exit 0
}
trap report INT TERM
while true; do
  line="$(date -u +%H:%M:%S)"
  # stack.json: {"processes":[{"name":"kafka","pid":123,...},...]} (cli StackState)
  while read -r name pid; do
    rss=$(awk '/VmRSS/ {print int($2/1024)}' "/proc/$pid/status" 2>/dev/null)
    [ -z "$rss" ] && continue
    line="$line $name=$rss"
    if [ -z "${peak[$name]:-}" ] || [ "$rss" -gt "${peak[$name]}" ]; then peak[$name]=$rss; fi
  done < <(python3 -c "import json,sys; [print(s['name'], s['pid']) for s in json.load(open(sys.argv[1]))['processes']]" "$state/stack.json" 2>/dev/null)
  echo "$line data=$(du -sm "$state/data" 2>/dev/null | cut -f1)"
  sleep "$interval"
done
