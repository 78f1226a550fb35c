import { describe, expect, it } from 'vitest';
import { createReaderWakeUp } from './reader-wake-up';

/** A separate NOTIFY whose end the test decides; `sent` counts them. */
function separateNotifies() {
  const pending: { resolve(): void; reject(err: Error): void }[] = [];
  return {
    send: () => new Promise<void>((resolve, reject) => pending.push({ resolve, reject })),
    get sent() {
      return pending.length;
    },
    finishLast: (ok = true) => (ok ? pending.at(-1)!.resolve() : pending.at(-1)!.reject(new Error('down'))),
  };
}
// the wake-up sends its separate NOTIFY on the next turn of the event loop
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const appended = { completed: true, appended: true };

describe('waking log readers', () => {
  it('lets a lone append carry the notification itself, with nothing sent apart', async () => {
    const notify = separateNotifies();
    const wakeUp = createReaderWakeUp(notify.send);
    for (let i = 0; i < 3; i++) {
      const ticket = wakeUp.begin();
      expect(ticket.carries).toBe(true);
      wakeUp.end(ticket, appended);
      await nextTurn();
    }
    expect(notify.sent).toBe(0);
  });

  it('has one carrier in flight at a time, and notifies apart for an append that ended after it started', async () => {
    const notify = separateNotifies();
    const wakeUp = createReaderWakeUp(notify.send);
    const carrier = wakeUp.begin();
    const other = wakeUp.begin();
    expect([carrier.carries, other.carries]).toEqual([true, false]);
    wakeUp.end(other, appended);
    await nextTurn();
    expect(notify.sent).toBe(0); // the carrier is still in flight: it may yet commit after
    wakeUp.end(carrier, appended);
    await nextTurn();
    expect(notify.sent).toBe(1); // it may also have committed before: one more, apart
    // while that one is in flight, appends carry nothing; when it ends, they are covered again
    const during = wakeUp.begin();
    expect(during.carries).toBe(false);
    wakeUp.end(during, appended);
    notify.finishLast();
    await nextTurn();
    await nextTurn();
    expect(notify.sent).toBe(2);
  });

  it('lets the next carrier cover an append that ended before it started', async () => {
    const notify = separateNotifies();
    const wakeUp = createReaderWakeUp(notify.send);
    const first = wakeUp.begin();
    const other = wakeUp.begin();
    wakeUp.end(first, appended);
    wakeUp.end(other, appended);
    const next = wakeUp.begin(); // starts in the same turn, before the separate NOTIFY would go
    expect(next.carries).toBe(true);
    await nextTurn();
    wakeUp.end(next, { completed: true, appended: false }); // a lost race still commits its NOTIFY
    await nextTurn();
    expect(notify.sent).toBe(0);
  });

  it('counts on no notification from a statement that failed', async () => {
    const notify = separateNotifies();
    const wakeUp = createReaderWakeUp(notify.send);
    const carrier = wakeUp.begin();
    const other = wakeUp.begin();
    wakeUp.end(other, appended);
    wakeUp.end(carrier, { completed: false, appended: false });
    await nextTurn();
    expect(notify.sent).toBe(1);
  });

  it('does not retry a failed separate notification on its own; the next append does', async () => {
    const notify = separateNotifies();
    const wakeUp = createReaderWakeUp(notify.send);
    const carrier = wakeUp.begin();
    const other = wakeUp.begin();
    wakeUp.end(other, appended);
    wakeUp.end(carrier, { completed: false, appended: false });
    await nextTurn();
    notify.finishLast(false);
    await nextTurn();
    await nextTurn();
    expect(notify.sent).toBe(1);
    const late = wakeUp.begin();
    expect(late.carries).toBe(true);
    wakeUp.end(late, appended);
    await nextTurn();
    expect(notify.sent).toBe(1);
  });
});
