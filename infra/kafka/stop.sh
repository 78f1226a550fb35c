#!/usr/bin/env bash
# Stops the broker started by start.sh (by its pid file) and removes its run dir, so the next
# start formats fresh storage. Safe to run when nothing is running. KAFKA_RUN_DIR names the run
# dir as for start.sh; KAFKA_KEEP_DATA=1 keeps it, for a restart on the same data.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
run="${KAFKA_RUN_DIR:-$here/.run}"
[[ -d "$run" ]] && run="$(cd "$run" && pwd)"
pidfile="$run/kafka.pid"
stop_timeout="${KAFKA_STOP_TIMEOUT:-30}"

is_our_broker() {
  [[ -r "/proc/$1/cmdline" ]] && tr '\0' ' ' <"/proc/$1/cmdline" | grep -qF "kafka.Kafka $run/server.properties"
}

if [[ -f "$pidfile" ]]; then
  pid="$(cat "$pidfile")"
  if [[ -n "$pid" ]] && is_our_broker "$pid"; then
    kill -TERM "$pid"
    # A controlled shutdown normally takes a few seconds; past the bound it is hung.
    deadline=$((SECONDS + stop_timeout))
    while is_our_broker "$pid" && ((SECONDS < deadline)); do sleep 0.2; done
    if is_our_broker "$pid"; then
      echo "kafka: pid $pid ignored TERM for ${stop_timeout}s, killing it" >&2
      kill -KILL "$pid" 2>/dev/null || true
      while is_our_broker "$pid"; do sleep 0.1; done
    fi
    echo "kafka: stopped (pid $pid)"
  else
    echo "kafka: not running (stale pid file)"
  fi
else
  echo "kafka: not running"
fi
[[ "${KAFKA_KEEP_DATA:-0}" == "1" ]] || rm -rf "$run"
