import type { BenchDatabases } from './bench-database';
import { median } from './stats';

export type Mode = 'quick' | 'full';

/** met / missed against the QUALITY.md target; 'n/a' where a figure has no target of its own. */
export type Verdict = 'met' | 'missed' | 'n/a';

export type Figure = {
  label: string;
  /** The median over the runs (or the single value of a one-off check). */
  value: number | string | null;
  unit?: string;
  /** Every run's value, in order. */
  runs?: (number | null)[];
  target?: string;
  verdict?: Verdict;
};

export type ScenarioResult = {
  id: string;
  title: string;
  status: 'measured' | 'partly measured' | 'not yet measured' | 'blocked' | 'failed';
  /** How to reproduce this scenario alone, and what it ran. */
  command: string;
  parameters: Record<string, unknown>;
  figures: Figure[];
  /** One or two sentences: where LeadFloor stands on this scenario. */
  reading: string;
  notes: string[];
  seconds?: number;
  /** The machine's 1-minute load average before and after: context for noisy figures. */
  load?: { before: number; after: number };
};

export type BenchContext = {
  mode: Mode;
  /** Repetitions per figure: 3 in full mode, 1 in quick mode. */
  runs: number;
  databases: BenchDatabases;
  log(msg: string): void;
  /** Figures of earlier scenarios that later ones quote as their raw reference. */
  shared: { pgbenchTps?: { c1: number | null; c32: number | null } };
  /** Set when the run is interrupted: long loops stop early. */
  signal: AbortSignal;
};

export type Scenario = { id: string; title: string; run(ctx: BenchContext): Promise<ScenarioResult> };

/** A figure whose value is the median of its runs. */
export function medianFigure(label: string, runs: (number | null)[], extra: Omit<Figure, 'label' | 'value' | 'runs'> = {}): Figure {
  return { label, value: median(runs), runs, ...extra };
}

export const verdict = (ok: boolean | null): Verdict => (ok === null ? 'n/a' : ok ? 'met' : 'missed');

export const notMeasured = (id: string, title: string, why: string): ScenarioResult => ({
  id, title, status: 'not yet measured', command: '-', parameters: {}, figures: [], reading: why, notes: [],
});
