#!/usr/bin/env bash
# Brings up what the tests need, reusing whatever is already there, then runs a command with
# TEST_DATABASE_URL, REDIS_URL, KAFKA_BROKERS and CHROMIUM_PATH exported. `npm test` and
# `.ci/run` both go through it. See scripts/README.md.
#
#   bash scripts/with-test-services.sh [--only postgres,redis,kafka,chromium] <command> [args…]
#
# - PostgreSQL (TEST_DATABASE_URL, default the local server): reused when it answers; when the
#   default one is down, the newest local cluster is started (pg_ctlcluster) and left running.
# - Redis (REDIS_URL, default 127.0.0.1:6379): reused, or a redis-server is started (no
#   persistence) and left running.
# - Kafka (KAFKA_BROKERS, default 127.0.0.1:9092): reused when a broker answers, otherwise the
#   local broker of infra/kafka/start.sh is started, and stopped when the command ends (kept
#   with TEST_KEEP_KAFKA=1).
# - Chromium (CHROMIUM_PATH, else chromium or chromium-browser on the PATH): when there is none,
#   Debian's `chromium` is installed with apt-get if this user may (root or passwordless sudo).
# A service that cannot be had stops the run here, with a line saying how to provide it.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

services="postgres,redis,kafka,chromium"
if [[ "${1:-}" == "--only" ]]; then
  services="${2:?--only needs a list: postgres,redis,kafka,chromium}"
  shift 2
fi
if (($# == 0)); then
  echo "usage: bash scripts/with-test-services.sh [--only postgres,redis,kafka,chromium] <command> [args…]" >&2
  exit 2
fi

say() { printf 'test services: %s\n' "$*"; }
fail() {
  printf 'test services: %s\n' "$*" >&2
  exit 1
}
wants() { [[ ",$services," == *",$1,"* ]]; }
# A URL with its password hidden, for messages.
shown() { sed -E 's#(//[^:/@]*):[^@/]*@#\1:***@#' <<<"$1"; }
# probe <postgres|redis|kafka> <target> <timeoutSeconds>: 0 when it answers; the reason in $why.
why=""
probe() {
  why="$(node --import tsx scripts/probe-service.ts "$1" "$2" "$3" 2>&1)" && return 0
  why="${why:-no answer}"
  why="${why%.}"
  return 1
}
# How this user may run a system command as root: nothing (root), sudo -n, or not at all.
as_root=()
may_be_root() {
  if [[ "$(id -u)" == "0" ]]; then as_root=(); return 0; fi
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then as_root=(sudo -n); return 0; fi
  return 1
}

began=$SECONDS
kafka_started=0
cleanup() {
  if [[ "$kafka_started" == "1" && "${TEST_KEEP_KAFKA:-0}" != "1" ]]; then
    bash infra/kafka/stop.sh >/dev/null 2>&1 && say "Kafka: stopped the broker this run started" \
      || say "Kafka: could not stop the broker this run started (npm run kafka:stop)"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- PostgreSQL ---------------------------------------------------------------------------
if wants postgres; then
  pg_default="postgres://postgres@127.0.0.1:5432/postgres"
  pg_url="${TEST_DATABASE_URL:-$pg_default}"
  if probe postgres "$pg_url" 0; then
    say "PostgreSQL: reused $(shown "$pg_url")"
  elif [[ "$pg_url" != "$pg_default" ]]; then
    fail "PostgreSQL: cannot use $(shown "$pg_url") (TEST_DATABASE_URL): $why. Start that server or fix the URL, or unset TEST_DATABASE_URL to use the local one."
  else
    cluster="$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1 || true)"
    if ! command -v pg_ctlcluster >/dev/null || [[ -z "$cluster" ]]; then
      fail "PostgreSQL: no answer at $pg_url ($why), and no local cluster to start. Install PostgreSQL (Debian: apt-get install postgresql) or set TEST_DATABASE_URL to a server where you may create databases."
    fi
    may_be_root || fail "PostgreSQL: no answer at $pg_url ($why). Start it as root: pg_ctlcluster $cluster main start"
    say "PostgreSQL: not running; starting the local cluster $cluster/main"
    ${as_root[@]+"${as_root[@]}"} pg_ctlcluster --skip-systemctl-redirect "$cluster" main start \
      || fail "PostgreSQL: pg_ctlcluster $cluster main start failed (see its log under /var/log/postgresql)"
    probe postgres "$pg_url" 30 || fail "PostgreSQL: started, but $pg_url does not answer: $why"
    say "PostgreSQL: started $pg_url (left running)"
  fi
  # Two test files at once each run a whole LeadFloor (its pool, every projection and reactor,
  # the job queues), and the fault tests start more: past PostgreSQL's default of 100
  # connections. The local cluster this script manages is raised to what the suite needs.
  pg_needed=300
  if command -v psql >/dev/null; then
    pg_max="$(psql "$pg_url" -Atc 'show max_connections' 2>/dev/null || echo 0)"
    if (( pg_max < pg_needed )); then
      cluster="$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1 || true)"
      if [[ "$pg_url" == "$pg_default" && -n "$cluster" ]] && command -v pg_ctlcluster >/dev/null && may_be_root; then
        psql "$pg_url" -qc "alter system set max_connections = $pg_needed" \
          || fail "PostgreSQL: max_connections is $pg_max; could not raise it to $pg_needed (alter system)"
        ${as_root[@]+"${as_root[@]}"} pg_ctlcluster --skip-systemctl-redirect "$cluster" main restart \
          || fail "PostgreSQL: pg_ctlcluster $cluster main restart failed (see its log under /var/log/postgresql)"
        probe postgres "$pg_url" 30 || fail "PostgreSQL: restarted, but $pg_url does not answer: $why"
        say "PostgreSQL: max_connections raised from $pg_max to $pg_needed (the local cluster restarted)"
      else
        fail "PostgreSQL: max_connections is $pg_max at $(shown "$pg_url"); the suite needs $pg_needed. Raise it (alter system set max_connections = $pg_needed, then restart the server)."
      fi
    fi
  fi
  export TEST_DATABASE_URL="$pg_url"
fi

# --- Redis ----------------------------------------------------------------------------------
if wants redis; then
  redis_default="redis://127.0.0.1:6379"
  redis_url="${REDIS_URL:-$redis_default}"
  # The Redis fault tests start a redis-server of their own, whatever REDIS_URL says.
  command -v redis-server >/dev/null \
    || fail "Redis: redis-server is not on the PATH (the tests start their own for fault injection). Install it (Debian: apt-get install redis-server)."
  if probe redis "$redis_url" 0; then
    say "Redis: reused $(shown "$redis_url")"
  elif [[ "$redis_url" != "$redis_default" ]]; then
    fail "Redis: no answer at $(shown "$redis_url") (REDIS_URL): $why. Start that server, or unset REDIS_URL to use a local one."
  else
    say "Redis: not running; starting redis-server on 127.0.0.1:6379"
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no --dir "${TMPDIR:-/tmp}" >/dev/null \
      || fail "Redis: redis-server would not start on 127.0.0.1:6379"
    probe redis "$redis_url" 20 || fail "Redis: started, but $redis_url does not answer: $why"
    say "Redis: started $redis_url (no persistence, left running)"
  fi
  export REDIS_URL="$redis_url"
fi

# --- Kafka ----------------------------------------------------------------------------------
if wants kafka; then
  # The Kafka outage test starts a broker of its own (infra/kafka/start.sh), whatever
  # KAFKA_BROKERS says, so Java is needed even when a broker is reused.
  command -v java >/dev/null \
    || fail "Kafka: java is not on the PATH; the local broker needs Java 17+ (Debian: apt-get install default-jre-headless)."
  kafka_local="127.0.0.1:${KAFKA_PORT:-9092}"
  brokers="${KAFKA_BROKERS:-$kafka_local}"
  if probe kafka "$brokers" 0; then
    say "Kafka: reused the broker at $brokers"
  elif [[ "$brokers" != "$kafka_local" ]]; then
    fail "Kafka: no broker answers at $brokers (KAFKA_BROKERS): $why. Start it, or unset KAFKA_BROKERS and a local one is started."
  else
    say "Kafka: no broker at $brokers; starting one (infra/kafka/start.sh; a first run fetches its jars with Maven)"
    start_log="$(mktemp)"
    if ! bash infra/kafka/start.sh 2>&1 | tee "$start_log"; then
      rm -f "$start_log"
      fail "Kafka: the local broker did not start (see above). Start one with \`npm run kafka:start\` or point KAFKA_BROKERS at one."
    fi
    # Another run may have started the same broker between the probe and start.sh: leave it be.
    if grep -q '^kafka: already running' "$start_log"; then
      say "Kafka: reused the broker at $brokers (started by another run)"
    else
      kafka_started=1
      if [[ "${TEST_KEEP_KAFKA:-0}" == "1" ]]; then
        say "Kafka: started the broker at $brokers (kept running: TEST_KEEP_KAFKA=1)"
      else
        say "Kafka: started the broker at $brokers (stopped when the tests end; TEST_KEEP_KAFKA=1 keeps it)"
      fi
    fi
    rm -f "$start_log"
  fi
  export KAFKA_BROKERS="$brokers"
fi

# --- Chromium -------------------------------------------------------------------------------
if wants chromium; then
  chromium_how="reused"
  if [[ -n "${CHROMIUM_PATH:-}" ]]; then
    [[ -f "$CHROMIUM_PATH" && -x "$CHROMIUM_PATH" ]] \
      || fail "Chromium: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file. Point it at a Chromium or Chrome binary, or unset it to use the system's chromium."
    chromium="$CHROMIUM_PATH"
  elif chromium="$(command -v chromium || command -v chromium-browser)"; then
    :
  else
    if ! command -v apt-get >/dev/null || ! may_be_root; then
      fail "Chromium: not found (no CHROMIUM_PATH, no chromium on the PATH), and this user may not install it (needs apt-get as root or passwordless sudo). Install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary."
    fi
    say "Chromium: not found; installing Debian's chromium with apt-get (a minute or two, once)"
    apt_log="$(mktemp)"
    if ! { ${as_root[@]+"${as_root[@]}"} apt-get update -qq && ${as_root[@]+"${as_root[@]}"} env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >"$apt_log" 2>&1; then
      tail -n 20 "$apt_log" >&2
      rm -f "$apt_log"
      fail "Chromium: apt-get install chromium failed (see above). Install Chromium yourself or set CHROMIUM_PATH to a Chromium or Chrome binary."
    fi
    rm -f "$apt_log"
    chromium="$(command -v chromium)" || fail "Chromium: apt-get installed chromium, but it is not on the PATH. Set CHROMIUM_PATH to its binary."
    chromium_how="installed"
  fi
  # stdout only: Debian's launcher script may print shell noise on stderr before the version.
  version="$("$chromium" --version 2>/dev/null | head -n 1)" && [[ -n "$version" ]] \
    || fail "Chromium: $chromium --version failed ($("$chromium" --version 2>&1 | tail -n 1)). Set CHROMIUM_PATH to a working Chromium or Chrome binary."
  say "Chromium: $chromium_how $chromium ($version)"
  export CHROMIUM_PATH="$chromium"
fi

say "ready in $((SECONDS - began)) s; running: $*"
# Not exec: the EXIT trap stops a broker this run started once the command is done.
set +e
"$@"
status=$?
set -e
exit "$status"
