import type { Lead as LeadDto } from '@leadfloor/contracts';
import { autoReleaseTimes, poolPolicyFor, type LeadState, type PoolPolicies } from '@leadfloor/events';
import { fullNameOf, teamOf, type SessionActor } from '@leadfloor/infra/auth/actor';
import type { RateLimiter, RateRule, RateVerdict } from '@leadfloor/infra/auth/rate-limiter';
import { CounterLimitError } from '@leadfloor/infra/event-store/errors';
import { ApiError } from '@leadfloor/infra/http/api-error';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyRequest } from 'fastify';
import { POOL_POLICY_STREAM } from '../pool-policy/pool-policy';
import { rememberPoolPolicy, type PoolPolicyReader } from '../pool-policy/policy-reader';
import { isDomainError } from '../shared/domain-error';
import type { HandleCommand } from '../shared/handle-command';
import { requestContext } from '../shared/request-context';
import { loadTeam } from '../shared/team-lookup';
import { createClaimAttemptRecorder } from './claim-attempts';
import { ClaimLimitReached, claimCapFor } from './claim-cap';
import type { HolderMeta, LeadCommand } from './commands';
import { leadAggregate, leadStream } from './lead-aggregate';
import { ACTIVE_CLAIMS, isActiveStatus } from './lead-counters';

export type LeadRunnerDeps = {
  pool: Pool; handle: HandleCommand; limiter: RateLimiter; now: () => Date; policies: PoolPolicyReader; claimLimit: RateRule;
};

/** Who a command hands the lead to, when it does: the cap that applies is theirs. */
type Gainer = { id: number; teamId: number | null };

/**
 * Runs lead commands for a request, as every lead write route does: commands built against the
 * loaded state (the holder's team looked up on each attempt), the claim rate limit, the floor's
 * cap for whoever would gain the lead, and, for a claim, the attempt recorded with its outcome.
 */
export function createLeadRunner(deps: LeadRunnerDeps) {
  const { pool, handle, limiter, claimLimit } = deps;
  // Commands are built on the policy as last read, with no round trip; their append carries its
  // version as a guard, so a policy change committed before the append always counts (a moved
  // guard has the command read the policy and run again).
  const policies = rememberPoolPolicy(deps.policies);
  const recordAttempt = createClaimAttemptRecorder(pool);
  const guardedBy = (policy: () => PoolPolicies | undefined) => ({
    current: () => {
      const p = policy();
      return p ? [{ streamId: POOL_POLICY_STREAM, version: p.version }] : [];
    },
    moved: policies.moved,
  });

  // The signed-in actor was read with the session: when they hold the lead (the usual case),
  // their name and team need no second look-up.
  const toDto = async (s: LeadState, version: number, actor: SessionActor, policy: () => Promise<PoolPolicies>): Promise<LeadDto> => {
    if (!s.exists) throw new ApiError(404, 'not_found', 'Lead not found.');
    const { exists: _e, createdBy: _c, autoReleaseResumedAt: _r, autoReleaseWarnedFor: _w, offer, offeredTo: _o, dripReleaseAt, ...lead } = s;
    const own = s.claimedBy === actor.id;
    const claimedByName = own && actor.fullName !== null ? actor.fullName : await fullNameOf(pool, s.claimedBy);
    let autoReleaseAt: string | null = null;
    if (s.claimedBy !== null && s.status === 'claimed' && !s.autoReleaseExempt) {
      const teamId = own ? actor.teamId : await teamOf(pool, s.claimedBy);
      autoReleaseAt = autoReleaseTimes(s, poolPolicyFor(await policy(), teamId))?.releaseAt ?? null;
    }
    return {
      ...lead, claimedByName, autoReleaseAt, version,
      offer: offer === null ? null : { userId: offer.userId, expiresAt: offer.expiresAt }, releaseAt: dripReleaseAt,
    };
  };

  /**
   * `claim`: the request is a claim (its attempt is recorded). `assignee`: a reassignment's
   * target, whose cap applies. `teamManager`: the rule needs the manager the holder's team names.
   */
  const run = async (req: FastifyRequest, leadId: number, build: (meta: HolderMeta) => LeadCommand[],
    opts: { claim?: boolean; assignee?: Gainer; teamManager?: boolean } = {}) => {
    const actor = await req.actor();
    const attemptedAt = deps.now();
    let gainer: Gainer | undefined;
    /** The policy the latest attempt was built on: its answer shows the lead's auto-release by it. */
    let builtOn: PoolPolicies | undefined;
    // One hit per request, however many attempts a contended lead takes.
    let claimHit: Promise<RateVerdict> | undefined;
    const commands = async (s: LeadState) => {
      builtOn = await policies.remembered();
      const claimedBy = s.exists ? s.claimedBy : null;
      const teamId = claimedBy === null ? null : claimedBy === actor.id ? actor.teamId : await teamOf(pool, claimedBy);
      const claimer = claimedBy === null ? undefined : {
        id: claimedBy, teamId, ...(opts.teamManager ? { teamManagerId: (await loadTeam(pool, teamId))?.managerId ?? null } : {}),
      };
      const cmds = build({ now: deps.now().toISOString(), actor: { id: actor.id, role: actor.role, teamId: actor.teamId }, claimer });
      const claiming = cmds.some((c) => c.type === 'ClaimLead');
      // A lead reopened from sold or lost counts again for its holder.
      const reopens = s.exists && !isActiveStatus(s.status) && cmds.some((c) => c.type === 'ChangeLeadStatus' && isActiveStatus(c.data.status));
      gainer = claiming ? { id: actor.id, teamId: actor.teamId } : opts.assignee ?? (reopens ? claimer : undefined);
      const limit = claiming ? await (claimHit ??= limiter.hit(`claim:user:${actor.id}`, claimLimit)) : null;
      if (limit && !limit.allowed) {
        throw new ApiError(429, 'rate_limited', 'Too many claims in a short time. Slow down.',
          { headers: { 'retry-after': String(limit.retryAfterSeconds) } });
      }
      const claimCap = gainer ? claimCapFor(builtOn, gainer.teamId) : null;
      return claimCap ? cmds.map((c) => ({ ...c, meta: { ...c.meta, claimCap } }) as LeadCommand) : cmds;
    };
    const record = (outcome: 'won' | 'lost' | 'over_cap' | 'rate_limited') => recordAttempt({
      leadId, userId: actor.id, outcome, attemptedAt, windowMs: claimLimit.windowMs,
    }).catch((err: unknown) => req.log.warn({ err, leadId }, 'claim attempt not recorded'));
    try {
      const outcome = await handle(leadAggregate, leadStream(leadId), commands, requestContext(req, actor), { guards: guardedBy(() => builtOn) });
      if (opts.claim && outcome.events.some((e) => e.type === 'LeadClaimed')) await record('won');
      // An append guarded by the policy it was built on shows that one; a no-op or a replayed
      // answer appended nothing now, so it reads the policy as of now.
      const appended = outcome.events.length > 0 && !outcome.replayed && builtOn;
      const shown = appended ? () => Promise.resolve(appended) : policies.current;
      return { lead: await toDto(outcome.state, outcome.version, actor, shown), version: outcome.version };
    } catch (err) {
      const refusal = err instanceof CounterLimitError && err.scope === ACTIVE_CLAIMS
        ? new ClaimLimitReached(err.max, err.current, gainer?.id === actor.id) : err;
      if (opts.claim) {
        if (refusal instanceof ClaimLimitReached) await record('over_cap');
        else if (refusal instanceof ApiError && refusal.status === 429) await record('rate_limited');
        else if (isDomainError(refusal) && refusal.kind === 'RuleViolation') await record('lost');
      }
      throw refusal;
    }
  };

  return { run, toDto };
}

export type LeadRunner = ReturnType<typeof createLeadRunner>;
