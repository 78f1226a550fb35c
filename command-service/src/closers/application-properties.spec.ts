import type { ApplicationEvent } from '@leadfloor/events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../leads/commands';
import { DomainError } from '../shared/domain-error';
import { evolveApplication, initialApplicationState, type ApplicationCommand, type ApplicationState } from './application';
import { decideApplication } from './decide-application';

// Random commands from the applicant, the job's owner, a manager and a stranger, each at a
// version that may be current or stale (as concurrent reviewers' are). Whatever the sequence,
// the application's story holds: it is submitted once, decided only at the version the decider
// saw, only by a reviewer, and a withdrawal is final.

const at = '2026-03-01T10:00:00.000Z';
const applicant: Actor = { id: 7, role: 'agent', teamId: 3 };
const owner: Actor = { id: 5, role: 'agent', teamId: 3 };
const manager: Actor = { id: 1, role: 'manager', teamId: null };
const stranger: Actor = { id: 8, role: 'agent', teamId: 3 };
const job = { id: 9, ownerId: 5, status: 'active' as const, title: 'Solar closer' };

const command = fc.record({
  actor: fc.constantFrom(applicant, owner, manager, stranger),
  kind: fc.constantFrom('SubmitApplication', 'ChangeApplicationStatus', 'ChangeApplicationStatus', 'WithdrawApplication'),
  status: fc.constantFrom('pending', 'reviewing', 'accepted', 'rejected' as const),
  lag: fc.integer({ min: 0, max: 2 }),
  feedback: fc.option(fc.constantFrom('Good', 'Not a fit', '  '), { nil: undefined }),
});

type Step = { actor: Actor; kind: string; status: 'pending' | 'reviewing' | 'accepted' | 'rejected'; lag: number; feedback?: string };

function toCommand(c: Step, version: number): ApplicationCommand {
  const meta = { now: at, actor: c.actor };
  if (c.kind === 'SubmitApplication') {
    return { type: 'SubmitApplication', meta: { ...meta, job, files: {} }, data: {
      applicationId: 40, experience: 'Years', message: 'Hi', linkedinProfile: null, availableHoursPerWeek: 20, availableStartDate: '2026-04-01', availableDays: ['monday'], fileIds: [],
    } };
  }
  if (c.kind === 'WithdrawApplication') return { type: 'WithdrawApplication', data: {}, meta };
  return { type: 'ChangeApplicationStatus', data: { status: c.status, feedback: c.feedback, expectedVersion: Math.max(0, version - c.lag) }, meta };
}

describe('application decider, any command sequence', () => {
  it('submits once, decides only at the current version by a reviewer, and keeps a withdrawal final', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 40 }), (steps) => {
      let state: ApplicationState = initialApplicationState();
      const log: { event: ApplicationEvent; by: Actor; expectedVersion: number | undefined; versionBefore: number }[] = [];
      for (const step of steps) {
        const c = toCommand(step, state.version);
        let events: ApplicationEvent[];
        try {
          events = decideApplication(c, state);
        } catch (err) {
          expect(err).toBeInstanceOf(DomainError);
          continue;
        }
        const expectedVersion = c.type === 'ChangeApplicationStatus' ? c.data.expectedVersion : undefined;
        for (const e of events) {
          log.push({ event: e, by: c.meta.actor, expectedVersion, versionBefore: state.version });
          state = evolveApplication(state, e);
        }
      }
      expect(log.filter((l) => l.event.type === 'ApplicationSubmitted').length).toBeLessThanOrEqual(1);
      if (log.length > 0) expect(log[0]!.event.type).toBe('ApplicationSubmitted');
      let withdrawn = false;
      // Whoever applied is the applicant (anyone but the owner may; the stranger too).
      const closerId = log[0]?.event.type === 'ApplicationSubmitted' ? log[0].event.data.closerId : null;
      expect(closerId).not.toBe(owner.id);
      for (const l of log) {
        if (l.event.type !== 'ApplicationStatusChanged') continue;
        expect(withdrawn, 'nothing happens to a withdrawn application').toBe(false);
        if (l.event.data.reason === 'withdrawn_by_applicant') {
          expect(l.by.id).toBe(closerId);
          expect(['pending', 'reviewing']).toContain(l.event.data.from);
          withdrawn = true;
        } else {
          expect([owner.id, manager.id]).toContain(l.by.id);
          expect(l.by.id).not.toBe(closerId);
          expect(l.expectedVersion).toBe(l.versionBefore);
        }
      }
      expect(state.version).toBe(log.length);
    }), { numRuns: 500 });
  });
});
