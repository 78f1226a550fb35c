import type { LeadEvent } from '@leadfloor/events';
import { expect } from 'vitest';
import { DomainError, type DomainErrorKind } from '../shared/domain-error';
import type { Actor, HolderMeta, LeadCommand } from './commands';
import { decide } from './decide';
import { foldLead } from '@leadfloor/events';

// Test support for the decide specs: given(history).when(command).then(events | error).
// Not a spec itself, so the unit runner does not collect it.

export const LEAD_ID = 7;
export const T0 = '2025-03-01T09:00:00.000Z';
export const NOW = '2025-03-02T10:00:00.000Z';

export const ann: Actor = { id: 1, role: 'agent', teamId: 10 };
export const bob: Actor = { id: 2, role: 'agent', teamId: 10 };
export const cat: Actor = { id: 3, role: 'agent', teamId: 20 };
export const lena: Actor = { id: 50, role: 'teamLead', teamId: 10 };
export const max: Actor = { id: 100, role: 'manager', teamId: 10 };
export const otherManager: Actor = { id: 101, role: 'manager', teamId: 20 };

/** Meta for `actor` acting now; `holder` is the lead's holder as the caller resolved them. */
export const by = (actor: Actor, holder?: Actor): HolderMeta => ({
  now: NOW,
  actor,
  ...(holder ? { claimer: { id: holder.id, teamId: holder.teamId } } : {}),
});

export const created: LeadEvent = {
  type: 'LeadCreated',
  data: {
    leadId: LEAD_ID,
    name: 'Dana Reyes',
    email: 'dana@example.com',
    phone: '555-0100',
    address: null,
    city: 'Austin',
    state: 'TX',
    leadType: 'real_estate',
    source: 'website',
    notes: null,
    createdBy: 100,
    at: T0,
  },
};
export const claimedBy = (a: Actor, at = T0): LeadEvent => ({
  type: 'LeadClaimed',
  data: { leadId: LEAD_ID, userId: a.id, at },
});
export const statusChanged = (from: 'claimed' | 'contacted' | 'qualified' | 'sold' | 'lost', to: typeof from): LeadEvent => ({
  type: 'LeadStatusChanged',
  data: { leadId: LEAD_ID, from, to, at: T0 },
});
export const followUp = (due: string): LeadEvent => ({ type: 'FollowUpScheduled', data: { leadId: LEAD_ID, due, at: T0 } });

type Expected = LeadEvent[] | { kind: DomainErrorKind; code: string; details?: Record<string, unknown> };

export function given(...history: LeadEvent[]) {
  return {
    when(command: LeadCommand) {
      return {
        then(expected: Expected): void {
          const state = foldLead(history);
          if (Array.isArray(expected)) {
            expect(decide(command, state)).toEqual(expected);
            return;
          }
          let thrown: unknown;
          try {
            decide(command, state);
          } catch (e) {
            thrown = e;
          }
          expect(thrown, 'decide should have refused').toBeInstanceOf(DomainError);
          const { kind, code, details } = thrown as DomainError;
          expect({ kind, code }).toEqual({ kind: expected.kind, code: expected.code });
          if (expected.details) expect(details).toEqual(expected.details);
        },
      };
    },
  };
}
