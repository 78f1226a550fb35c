import { describe, expect, it } from 'vitest';
import { createGroupCommit, type GroupOutcome } from './group-commit';

/** A statement runner whose statements end when the test says so. */
function statements() {
  const sent: { items: number[]; end(outcome?: 'fail'): void }[] = [];
  const pending = (items: number[]) => new Promise<number[]>((resolve, reject) => {
    sent.push({ items, end: (outcome) => (outcome === 'fail' ? reject(new Error('connection lost')) : resolve(items)) });
  });
  const run = createGroupCommit<number, string>({
    maxInFlight: 2, maxGroup: 3,
    one: async (n) => {
      await pending([n]);
      if (n < 0) throw new Error(`refused ${n}`);
      return `one ${n}`;
    },
    many: async (ns) => (await pending(ns)).map((n): GroupOutcome<string> => (n < 0 ? { ok: false, error: new Error(`refused ${n}`) } : { ok: true, value: `group ${n}` })),
  });
  return { sent, run };
}
const settle = (p: Promise<string>) => p.then((v) => v, (e: Error) => e.message);
const tick = () => new Promise((r) => setImmediate(r));

describe('group commit', () => {
  it('sends items alone while fewer statements than the limit run, then groups what waits, in order', async () => {
    const { sent, run } = statements();
    const answers = [1, 2, 3, 4, 5, 6, 7].map((n) => settle(run(n)));
    await tick();
    expect(sent.map((s) => s.items)).toEqual([[1], [2]]);
    sent[0]!.end();
    await tick();
    expect(sent.map((s) => s.items)).toEqual([[1], [2], [3, 4, 5]]);
    sent[1]!.end();
    sent[2]!.end();
    await tick();
    expect(sent.map((s) => s.items)).toEqual([[1], [2], [3, 4, 5], [6, 7]]);
    sent[3]!.end();
    expect(await Promise.all(answers)).toEqual(['one 1', 'one 2', 'group 3', 'group 4', 'group 5', 'group 6', 'group 7']);
  });

  it("fails an item of a group alone, and a lost statement fails all of its items", async () => {
    const { sent, run } = statements();
    const answers = [1, 2, 3, -4, 5, 6, 7, 8].map((n) => settle(run(n)));
    await tick();
    sent[0]!.end();
    await tick();
    sent[1]!.end();
    await tick();
    expect(sent.map((s) => s.items)).toEqual([[1], [2], [3, -4, 5], [6, 7, 8]]);
    sent[2]!.end();
    sent[3]!.end('fail');
    expect(await Promise.all(answers)).toEqual(['one 1', 'one 2', 'group 3', 'refused -4', 'group 5', 'connection lost', 'connection lost', 'connection lost']);
  });
});
