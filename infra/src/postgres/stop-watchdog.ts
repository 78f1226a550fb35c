import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import type { RunAs } from './run-as-postgres-user';

export type StopWatchdog = { disarm(): void };

/**
 * The embedded server runs in a session of its own (so a terminal's Ctrl-C does not reach it
 * before the app has closed its connections), which also means nothing ties it to our life.
 * This tiny shell process does: it blocks reading a pipe from us, and when the pipe closes
 * because we are gone, however we went (exit, crash, unhandled signal, kill -9), it asks the
 * server for a fast shutdown. A clean stop() disarms it first.
 */
export function armStopWatchdog(pgCtl: string, clusterDir: string, as: RunAs): StopWatchdog {
  if (process.platform === 'win32') return { disarm: () => {} };
  const child = spawn('/bin/sh', ['-c', 'cat > /dev/null; exec "$0" stop -D "$1" -m fast -w -s', pgCtl, clusterDir], {
    ...as,
    // Out of our process group, so the Ctrl-C that starts our shutdown does not end it.
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  child.on('error', () => {});
  // Neither the process nor the pipe may keep our event loop alive.
  child.unref();
  (child.stdin as Socket | null)?.unref();
  return {
    disarm: () => {
      // The whole group: the shell and the `cat` it waits on.
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch { /* already gone */ }
    },
  };
}
