/** One append's part in waking log readers: `carries` = its own statement sends the NOTIFY. */
export type WakeUpTicket = { readonly carries: boolean; readonly start: number };

export type ReaderWakeUp = {
  /** At an append's start: it carries the NOTIFY when no other notifying statement is in flight. */
  begin(): WakeUpTicket;
  /**
   * At its end. `completed`: the statement ran and committed (whatever its compare-and-set
   * found), so a NOTIFY it carried was delivered. `appended`: it committed events.
   */
  end(ticket: WakeUpTicket, outcome: { completed: boolean; appended: boolean }): void;
};

/**
 * Wakes log readers after appends (LISTEN/NOTIFY; readers re-read from their checkpoint, so one
 * notification serves any number of appends, and their polling covers a lost one).
 *
 * A notification is delivered when its transaction commits, so it wakes readers for every
 * append committed before. Postgres serialises the commits of notifying transactions on one
 * cluster-wide lock (held through the WAL flush), so at most ONE notifying statement is in
 * flight per event store (a process has one or two that append), and the other appends commit
 * freely (group commit):
 * - an append that starts while none is in flight carries `pg_notify` in its own statement: no
 *   extra round trip (a single writer's every append carries it);
 * - an append that commits without a notification known to follow its commit (it finished
 *   while the carrier was in flight, or carried none) is "uncovered": the next carrier that
 *   starts after it covers it; if none starts by the next turn of the event loop, a separate
 *   NOTIFY is sent (`notifyAlone`), itself counted as the carrier in flight.
 */
export function createReaderWakeUp(notifyAlone: () => Promise<unknown>): ReaderWakeUp {
  let tick = 0;
  let carrierInFlight = false;
  /** When the latest uncovered append was seen committed, or null when every one is covered. */
  let uncoveredAt: number | null = null;
  let flushScheduled = false;

  const coveredBy = (carrierStart: number) => {
    if (uncoveredAt !== null && uncoveredAt < carrierStart) uncoveredAt = null;
  };

  const flush = () => {
    flushScheduled = false;
    // an in-flight carrier reschedules when it ends, if it started too early to cover
    if (uncoveredAt === null || carrierInFlight) return;
    carrierInFlight = true;
    const start = ++tick;
    notifyAlone().then(
      () => {
        carrierInFlight = false;
        coveredBy(start);
        scheduleFlush();
      },
      () => {
        // the database is away: readers poll; the next append schedules the next attempt
        carrierInFlight = false;
      },
    );
  };
  const scheduleFlush = () => {
    if (flushScheduled || uncoveredAt === null) return;
    flushScheduled = true;
    setImmediate(flush);
  };

  return {
    begin() {
      if (carrierInFlight) return { carries: false, start: ++tick };
      carrierInFlight = true;
      return { carries: true, start: ++tick };
    },
    end(ticket, { completed, appended }) {
      if (ticket.carries) {
        carrierInFlight = false;
        if (completed) coveredBy(ticket.start);
      } else if (appended) {
        uncoveredAt = ++tick;
      }
      scheduleFlush();
    },
  };
}
