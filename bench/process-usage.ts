import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * How busy the bench process itself was over a window: its CPU share (100 % = one core) and its
 * event-loop delay. A saturated client inflates every latency it measures, so scenarios print these
 * beside their figures.
 */
export function watchProcess() {
  const cpu = process.cpuUsage();
  const t0 = Date.now();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  return () => {
    loop.disable();
    const used = process.cpuUsage(cpu);
    return {
      cpuPercent: Math.round(((used.user + used.system) / 1000 / Math.max(1, Date.now() - t0)) * 100),
      loopDelayP99Ms: Math.round(loop.percentile(99) / 1e5) / 10,
    };
  };
}

/** The machine's 1-minute load average: above the core count, other work competes with the bench. */
export const loadAverage = () => Math.round(os.loadavg()[0]! * 10) / 10;

/** CPU time (ms) used so far by every live process of a process group; null where /proc is missing. */
function groupCpuMs(pgid: number): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return null;
  }
  let ticks = 0;
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // after "(comm) ": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(f[2]) === pgid) ticks += Number(f[11]) + Number(f[12]);
  }
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/** How busy another process group (the bench's server child) was over a window: 100 % = one core. */
export function watchProcessGroup(pgid: number) {
  const cpu0 = groupCpuMs(pgid);
  const t0 = Date.now();
  return () => {
    const cpu = groupCpuMs(pgid);
    return cpu === null || cpu0 === null ? null : Math.round(((cpu - cpu0) / Math.max(1, Date.now() - t0)) * 100);
  };
}
