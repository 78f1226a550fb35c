import type { Machine } from './machine';
import type { Figure, Mode, ScenarioResult } from './scenario';

export type BenchReport = {
  mode: Mode;
  date: string;
  durationSeconds: number;
  command: string;
  machine: Machine;
  scenarios: ScenarioResult[];
};

const fmt = (v: Figure['value'], unit?: string) => {
  if (v === null) return '—';
  if (typeof v === 'string') return v;
  const n = Math.abs(v) >= 100 ? Math.round(v).toLocaleString('en-US') : String(v);
  return unit ? `${n} ${unit}` : n;
};
const runsOf = (f: Figure) => (f.runs && f.runs.length > 1 ? f.runs.map((r) => fmt(r)).join(' / ') : '');
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const mark = (f: Figure) => (f.verdict === 'met' ? 'met' : f.verdict === 'missed' ? '**missed**' : '');

function scenarioSection(s: ScenarioResult, cores: number): string {
  const lines = [`## ${s.title}`, ''];
  if (s.status === 'not yet measured') return [...lines, `Not yet measured — ${s.reading}`, ''].join('\n');
  const load = s.load ? `; machine load ${s.load.before} → ${s.load.after} (1-min average, ${cores} cores)` : '';
  lines.push(`Status: ${s.status}${s.seconds === undefined ? '' : ` (${s.seconds} s${load})`}. Command: \`${s.command}\``, '');
  const params = Object.entries(s.parameters).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  if (params.length) lines.push(`Parameters: ${params.join(', ')}`, '');
  if (s.figures.length) {
    lines.push('| figure | median | runs | target | verdict |', '|---|---|---|---|---|');
    for (const f of s.figures) lines.push(`| ${cell(f.label)} | ${cell(fmt(f.value, f.unit))} | ${cell(runsOf(f))} | ${cell(f.target ?? '')} | ${mark(f)} |`);
    lines.push('');
  }
  lines.push(`Reading: ${s.reading}`, '');
  for (const n of s.notes) lines.push(`- ${n}`);
  if (s.notes.length) lines.push('');
  return lines.join('\n');
}

function loadSentence(r: BenchReport): string[] {
  const loads = r.scenarios.flatMap((s) => (s.load ? [s.load.before, s.load.after] : []));
  if (loads.length === 0) return [];
  const [lo, hi] = [Math.min(...loads), Math.max(...loads)];
  const busy = hi > r.machine.cores * 1.5;
  return [`The machine's 1-minute load average ran from ${lo} to ${hi} during this run, on ${r.machine.cores} cores${busy
    ? ': other work competed with the bench for the CPU, so absolute figures and latencies are worse, and noisier, than on an idle machine. The ratios to the same run\'s raw figures are the more stable reading.'
    : '.'}`, ''];
}

/** BENCHMARKS.md: the machine, a summary against QUALITY.md's targets, then every scenario. */
export function renderReport(r: BenchReport): string {
  const m = r.machine;
  const targeted = r.scenarios.flatMap((s) => s.figures.filter((f) => f.verdict === 'met' || f.verdict === 'missed').map((f) => ({ s, f })));
  const lines = [
    '# LeadFloor benchmarks',
    '',
    `Written by \`${r.command}\` (${r.mode} mode: ${r.mode === 'quick' ? 'one run per figure, short windows' : 'medians of three runs'}) on ${r.date}, in ${Math.round(r.durationSeconds / 60)} min.`,
    'Generated: re-run the bench rather than editing. Targets are those of QUALITY.md; how the bench works: `bench/README.md`.',
    '',
    '## Machine',
    '',
    '| | |', '|---|---|',
    `| CPU | ${m.cpuModel}, ${m.cores} cores |`,
    `| memory | ${m.memoryGiB} GiB |`,
    `| OS | ${m.os} |`,
    `| Node.js | ${m.node} |`,
    `| PostgreSQL | ${m.postgres} (local server, default settings) |`,
    `| commit | ${m.commit ?? 'unknown'}${m.uncommittedChanges ? ` (+ ${m.uncommittedChanges} tracked files changed)` : ''} |`,
    '',
    'Everything runs on loopback on this one machine: the load generator, the LeadFloor server, PostgreSQL (and Kafka when it runs) share its cores, so absolute figures are lower than on separate hosts. That is why every throughput sits beside a raw figure from the same run.',
    '',
    '## Summary against the targets',
    '',
    '| scenario | figure | measured | target | verdict |', '|---|---|---|---|---|',
    ...targeted.map(({ s, f }) => `| ${cell(s.title.replace(/:.*/, ''))} | ${cell(f.label)} | ${cell(fmt(f.value, f.unit))} | ${cell(f.target ?? '')} | ${mark(f)} |`),
    ...r.scenarios.filter((s) => s.status === 'not yet measured' || s.status === 'failed' || s.status === 'blocked')
      .map((s) => `| ${cell(s.title.replace(/:.*/, ''))} | — | ${s.status}: ${cell(s.reading)} | | |`),
    '',
    '## Where LeadFloor stands',
    '',
    ...loadSentence(r),
    ...r.scenarios.map((s) => `- **${s.title.replace(/:.*/, '')}** (${s.status}): ${s.reading}`),
    '',
    ...r.scenarios.map((s) => scenarioSection(s, m.cores)),
  ];
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trim()}\n`;
}
