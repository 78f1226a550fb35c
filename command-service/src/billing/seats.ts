import { DomainError } from '../shared/domain-error';
import type { CommandContext, HandleCommand } from '../shared/handle-command';
import type { UserActor } from '../users/commands';
import { BILLING_STREAM, billingAggregate } from './billing-aggregate';

const SYSTEM: UserActor = { id: null, role: 'system', teamId: null };
/** Tries of a seat command when the billing stream stays busy (each busy try means others got through). */
const TRIES = 4;

/**
 * Seats of the floor's plan, held by agents and team leads. Every one is assigned on the billing
 * stream, whose version decides a race for the last seat: of ten sign-ups for one free seat,
 * exactly one gets it. A seat is taken before someone becomes an agent and handed back should
 * that not happen, so the holders never outnumber the seats.
 */
export function createSeats({ handle, now }: { handle: HandleCommand; now: () => Date }) {
  async function run(type: 'AssignSeat' | 'ReleaseSeat', userId: number, ctx: CommandContext) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await handle(billingAggregate, BILLING_STREAM, { type, data: { userId }, meta: { now: now().toISOString(), actor: SYSTEM } }, ctx);
      } catch (err) {
        if (!(err instanceof DomainError && err.code === 'stream.busy') || attempt >= TRIES) throw err;
      }
    }
  }

  return {
    /** Takes a seat for `userId` (no-op when they hold one); 409 `billing.seats_full` when none is free. */
    take: (userId: number, ctx: CommandContext) => run('AssignSeat', userId, ctx),
    /** Hands `userId`'s seat back (no-op when they hold none). */
    release: (userId: number, ctx: CommandContext) => run('ReleaseSeat', userId, ctx),
  };
}

export type Seats = ReturnType<typeof createSeats>;

