import { poolPolicyFor, type PoolPolicies } from '@leadfloor/events';
import { ApiError } from '@leadfloor/infra/http/api-error';
import type { ClaimCap } from './commands';

/** The cap on active leads for someone on this team (or on none), as the floor's policy sets it now. */
export function claimCapFor(policies: PoolPolicies, teamId: number | null): ClaimCap | null {
  const policy = poolPolicyFor(policies, teamId);
  return policy.maxActiveClaims === null ? null : { max: policy.maxActiveClaims, policyVersion: policy.version };
}

/**
 * 409 `claim_limit_reached`: the agent the command would hand the lead to already holds as many
 * active leads (claimed, contacted, qualified) as the floor allows. The problem carries `cap` and
 * `count` as members of its own, so a client shows "5 of 5" without parsing the words.
 */
export class ClaimLimitReached extends ApiError {
  constructor(readonly cap: number, readonly count: number, own: boolean) {
    super(409, 'claim_limit_reached', own
      ? `You already hold ${count} active leads and the floor's limit is ${cap}. Close or release one to claim another.`
      : `That agent already holds ${count} active leads and the floor's limit is ${cap}.`);
  }

  override toProblem() {
    return { ...super.toProblem(), cap: this.cap, count: this.count };
  }
}
