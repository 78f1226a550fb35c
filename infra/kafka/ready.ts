// Readiness probe for the local broker started by start.sh: a port that accepts connections is
// not enough (KRaft opens listeners before the broker is registered and unfenced), so this asks
// for cluster metadata, as a client would, until the broker lists itself.
//
//   tsx infra/kafka/ready.ts <host:port> <timeoutSeconds> [pid]
//
// With a pid, it gives up as soon as that process is gone instead of waiting out the bound.
// Exit 0 when ready, 1 on timeout or when the process died.
import { listedBrokers } from '../src/kafka/listed-brokers';

const [broker = '127.0.0.1:9092', timeoutArg = '90', pidArg] = process.argv.slice(2);
const deadline = Date.now() + Number(timeoutArg) * 1000;
const pid = pidArg ? Number(pidArg) : undefined;

function alive(p: number): boolean {
  try {
    process.kill(p, 0);
    return true;
  } catch {
    return false;
  }
}

const brokerCount = () => listedBrokers([broker], { clientId: 'leadfloor-ready', timeoutMs: 2_000 });

let lastError = 'no answer yet';
for (;;) {
  try {
    if ((await brokerCount()) > 0) process.exit(0);
    lastError = 'metadata listed no broker';
  } catch (err) {
    lastError = err instanceof Error ? err.message : String(err);
  }
  if (pid !== undefined && !alive(pid)) {
    console.error(`kafka process ${pid} exited before answering metadata on ${broker}`);
    process.exit(1);
  }
  if (Date.now() > deadline) {
    console.error(`kafka on ${broker} did not answer metadata within ${timeoutArg}s (last: ${lastError})`);
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 250));
}
