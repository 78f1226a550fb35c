import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { consoleBuildFreshness } from './console-freshness';

let root: string;
const dist = () => path.join(root, 'console/dist');
const at = (file: string, seconds: number) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'x');
  utimesSync(file, seconds, seconds);
  utimesSync(path.dirname(file), seconds, seconds);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'lf-freshness-'));
  at(path.join(root, 'console/src/main.tsx'), 1_000);
  at(path.join(root, 'contracts/src/leads.ts'), 1_000);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('console build freshness', () => {
  it('asks for a build on a fresh clone, where there is none', () => {
    expect(consoleBuildFreshness(root, dist())).toEqual({ fresh: false, reason: 'missing' });
  });

  it('keeps a build newer than every source', () => {
    at(path.join(dist(), 'index.html'), 2_000);
    expect(consoleBuildFreshness(root, dist())).toEqual({ fresh: true });
  });

  it('rebuilds when a console source changed after the build', () => {
    at(path.join(dist(), 'index.html'), 2_000);
    at(path.join(root, 'console/src/features/leads/lead-card.tsx'), 3_000);
    expect(consoleBuildFreshness(root, dist())).toEqual({ fresh: false, reason: 'stale' });
  });

  it('rebuilds when a shared contract the console imports changed', () => {
    at(path.join(dist(), 'index.html'), 2_000);
    at(path.join(root, 'contracts/src/leads.ts'), 3_000);
    expect(consoleBuildFreshness(root, dist())).toEqual({ fresh: false, reason: 'stale' });
  });
});
