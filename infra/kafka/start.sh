#!/usr/bin/env bash
# Starts one local Apache Kafka broker (KRaft, combined broker+controller) on 127.0.0.1 from
# Maven Central jars, for tests and development on machines without Docker. See README.md.
# Idempotent: when our broker is already running and answers metadata, it exits 0 at once.
# KAFKA_RUN_DIR gives a broker a run dir of its own (so two can run side by side, on other
# ports); KAFKA_KEEP_DATA=1 restarts on the data already there instead of formatting afresh.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
port="${KAFKA_PORT:-9092}"
controller_port="${KAFKA_CONTROLLER_PORT:-9093}"
ready_timeout="${KAFKA_READY_TIMEOUT:-90}"
heap_opts="${KAFKA_HEAP_OPTS:--Xmx512m -Xms256m}"
cache="$here/.cache"
libs="$cache/libs"
run="${KAFKA_RUN_DIR:-$here/.run}"
keep_data="${KAFKA_KEEP_DATA:-0}"
# Absolute: the pid check matches the broker's command line, which names this path.
mkdir -p "$run"
run="$(cd "$run" && pwd)"
pidfile="$run/kafka.pid"

mkdir -p "$cache"
# Two starts at once (two shells, a CI step and a developer) would format the same data dir.
exec 9>"$cache/start.lock"
flock -w 180 9 || { echo "kafka: another start.sh holds $cache/start.lock" >&2; exit 1; }

our_pid() {
  [[ -f "$pidfile" ]] || return 1
  local pid
  pid="$(cat "$pidfile")"
  # The pid must still be our broker, not a recycled pid of something else.
  [[ -n "$pid" && -r "/proc/$pid/cmdline" ]] && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF "kafka.Kafka $run/server.properties" || return 1
  echo "$pid"
}

ready() { (cd "$root" && npx --no-install tsx infra/kafka/ready.ts "127.0.0.1:$port" "$1" "${2:-}"); }

show_logs() {
  echo "---- last lines of $run/logs/server.log ----" >&2
  tail -n 40 "$run/logs/server.log" 2>/dev/null >&2 || true
  echo "---- last lines of $run/kafka.out ----" >&2
  tail -n 20 "$run/kafka.out" 2>/dev/null >&2 || true
}

if pid="$(our_pid)"; then
  running_port="$(cat "$run/port" 2>/dev/null || true)"
  if [[ "$running_port" != "$port" ]]; then
    echo "kafka: this script's broker already runs (pid $pid) on port ${running_port:-?}; run stop.sh first to change KAFKA_PORT" >&2
    exit 1
  fi
  if ready "$ready_timeout" "$pid"; then
    echo "kafka: already running (pid $pid) on 127.0.0.1:$port"
    exit 0
  fi
  echo "kafka: pid $pid is running but does not answer metadata on 127.0.0.1:$port" >&2
  show_logs
  exit 1
fi

if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
  echo "kafka: port $port is taken by a process this script did not start; stop it or set KAFKA_PORT" >&2
  exit 1
fi

# --- jars: fetched once per pom.xml content; the stamp makes reruns skip Maven entirely ---
stamp="$(sha256sum "$here/pom.xml" | cut -d' ' -f1)"
if [[ "$(cat "$cache/libs.stamp" 2>/dev/null || true)" != "$stamp" ]] || ! compgen -G "$libs/kafka_2.13-*.jar" >/dev/null; then
  command -v mvn >/dev/null || { echo "kafka: Maven (mvn) and Java 17+ are needed to fetch the broker jars" >&2; exit 1; }
  echo "kafka: fetching jars from Maven Central (first run or pom.xml changed)"
  rm -rf "$libs" "$libs.tmp" "$cache/libs.stamp"
  # Into a temp folder, renamed when complete: an interrupted fetch never looks finished.
  mvn -B -q -f "$here/pom.xml" \
    org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies \
    -DoutputDirectory="$libs.tmp" -DincludeScope=runtime >"$cache/maven.log" 2>&1 \
    || { echo "kafka: fetching the jars failed:" >&2; tail -n 30 "$cache/maven.log" >&2; exit 1; }
  mv "$libs.tmp" "$libs"
  echo "$stamp" >"$cache/libs.stamp"
fi
command -v java >/dev/null || { echo "kafka: java (17+) is not on PATH" >&2; exit 1; }

# --- fresh run dir: a stale data dir from a crash is not worth recovering for tests, unless
# KAFKA_KEEP_DATA=1 asks for a restart on it (a broker outage test: same cluster, same topics) ---
reuse=0
if [[ "$keep_data" == "1" && -f "$run/data/meta.properties" ]]; then
  reuse=1
else
  rm -rf "$run"
fi
mkdir -p "$run/data" "$run/logs"

cat >"$run/server.properties" <<EOF
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:${controller_port}
listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controller_port}
advertised.listeners=PLAINTEXT://127.0.0.1:${port}
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
log.dirs=${run}/data
# Topics are created explicitly by the code that owns them; a typo must fail, not create one.
auto.create.topics.enable=false
num.partitions=1
default.replication.factor=1
min.insync.replicas=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=5
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=5
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
# Tests create many short-lived consumer groups; no point waiting for more members to join.
group.initial.rebalance.delay.ms=0
log.segment.bytes=16777216
log.retention.hours=24
num.network.threads=2
num.io.threads=4
EOF

cat >"$run/log4j2.properties" <<EOF
status = warn
appender.file.type = File
appender.file.name = file
appender.file.fileName = ${run}/logs/server.log
appender.file.layout.type = PatternLayout
appender.file.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = warn
rootLogger.appenderRef.file.ref = file
# Keep the start-up and shutdown milestones, which say where a failed start got stuck.
logger.raft.name = kafka.server.KafkaRaftServer
logger.raft.level = info
logger.broker.name = kafka.server.BrokerServer
logger.broker.level = info
logger.controller.name = kafka.server.ControllerServer
logger.controller.level = info
EOF

cd "$here"
if [[ "$reuse" == "0" ]]; then
  cluster_id="$(java -cp '.cache/libs/*' kafka.tools.StorageTool random-uuid)"
  # Static voters (controller.quorum.voters) need no --standalone; 4.1 rejects it in that mode.
  java -Dlog4j2.configurationFile="$run/log4j2.properties" -cp '.cache/libs/*' \
    kafka.tools.StorageTool format -t "$cluster_id" -c "$run/server.properties" >"$run/logs/format.log" 2>&1 \
    || { echo "kafka: storage format failed" >&2; cat "$run/logs/format.log" >&2; exit 1; }
fi

# setsid: the broker must outlive this shell and not get the terminal's Ctrl-C meant for a test run.
# 9>&-: it must not inherit the start lock, or it would hold it for its whole life.
# shellcheck disable=SC2086
setsid java $heap_opts -XX:+ExitOnOutOfMemoryError -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -Djava.awt.headless=true \
  -Dlog4j2.configurationFile="$run/log4j2.properties" \
  -cp '.cache/libs/*' kafka.Kafka "$run/server.properties" >"$run/kafka.out" 2>&1 </dev/null 9>&- &
pid=$!
echo "$pid" >"$pidfile"
echo "$port" >"$run/port"

started=$SECONDS
if ! ready "$ready_timeout" "$pid"; then
  echo "kafka: broker failed to start on 127.0.0.1:$port" >&2
  show_logs
  kill -KILL "$pid" 2>/dev/null || true
  exit 1
fi
echo "kafka: ready on 127.0.0.1:$port (pid $pid, $((SECONDS - started))s after launch)"
