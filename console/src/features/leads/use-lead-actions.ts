import { ClaimLimitProblemSchema, type Lead, type LeadPatchBody } from '@leadfloor/contracts';
import { isApiError } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { toast, type ToastInput } from '../../components/ui/toast-store';
import { useUpdateLead } from './api/lead-mutations';
import { STAGE_LABELS, statusLabel } from './lead-labels';

export type LeadActionKind = 'claim' | 'status' | 'stage' | 'priority' | 'score' | 'tags' | 'followUp';

const FAILED_DETAILS: ToastInput = { title: 'Update Failed', description: 'Failed to update lead details. Please try again.', variant: 'destructive' };
const UPDATED_DETAILS: ToastInput = { title: 'Lead Updated', description: 'Lead details have been updated successfully.', variant: 'success' };

/** Spec 8 for a claim that failed. Losing a race gets its own words: retrying or signing in would not help. */
function claimFailure(error: unknown, lead: Lead): ToastInput {
  if (isApiError(error, 409) && error.code === 'lead.not_available') {
    const status = error.body?.details?.status;
    return {
      title: 'Lead already claimed',
      description: status === 'claimed' || status === undefined
        ? `Someone else claimed ${lead.name} first.`
        : `${lead.name} is no longer available (${statusLabel(String(status))}).`,
      variant: 'destructive',
    };
  }
  if (isApiError(error, 409) && error.code === 'claim_limit_reached') return claimLimitFailure(error.bodyText);
  if (isApiError(error, 429)) return { title: 'Error', description: error.body?.message ?? 'Too many claims in a short time.', variant: 'destructive' };
  return { title: 'Error', description: 'Failed to claim lead. Please try again. You might need to log in first.', variant: 'destructive' };
}

/** The floor's cap refused a claim (or a reopening): the cap and the count, in the server's words. */
function claimLimitFailure(bodyText: string): ToastInput {
  const parsed = (() => {
    try {
      return ClaimLimitProblemSchema.safeParse(JSON.parse(bodyText));
    } catch {
      return null;
    }
  })();
  const limit = parsed?.success ? parsed.data : null;
  return {
    title: limit ? `Claim limit reached (${limit.count} of ${limit.cap})` : 'Claim limit reached',
    description: limit?.message ?? "You hold as many active leads as the floor allows. Close or release one to claim another.",
    variant: 'destructive',
  };
}

const serverMessage = (error: unknown) =>
  isApiError(error) ? error.body?.message ?? error.message : error instanceof Error ? error.message : 'Please try again.';

/**
 * The lead card's and details page's actions (spec 2.7, 7) with spec 8's toasts. Each caller
 * gets its own mutation, so 'Claiming...' shows on the card being claimed only.
 */
export function useLeadActions() {
  const { user } = useCurrentUser();
  const update = useUpdateLead();
  const run = (lead: Lead, body: LeadPatchBody, success: ToastInput, failure: (e: unknown) => ToastInput) =>
    update.mutate({ leadId: lead.id, body }, { onSuccess: () => toast(success), onError: (e) => toast(failure(e)) });

  const pendingKind = (): LeadActionKind | null => {
    const body = update.isPending ? update.variables?.body : undefined;
    if (!body) return null;
    if (body.status === 'claimed') return 'claim';
    if (body.status) return 'status';
    if (body.stage) return 'stage';
    if (body.priority) return 'priority';
    if (body.score !== undefined) return 'score';
    if (body.tags) return 'tags';
    return 'followUp';
  };

  return {
    pending: pendingKind(),
    pendingLeadId: update.isPending ? update.variables?.leadId ?? null : null,
    claim: (lead: Lead) =>
      run(lead, { status: 'claimed', claimedBy: user?.id ?? null },
        { title: 'Lead Claimed', description: `You have successfully claimed ${lead.name}`, variant: 'success' },
        (e) => claimFailure(e, lead)),
    setStatus: (lead: Lead, status: Lead['status']) =>
      run(lead, { status },
        { title: 'Lead Updated', description: `Status updated to ${statusLabel(status)}`, variant: 'success' },
        (e) => (isApiError(e, 409) && e.code === 'claim_limit_reached'
          ? claimLimitFailure(e.bodyText)
          : { title: 'Error', description: 'Failed to update lead status. Please try again.', variant: 'destructive' })),
    setStage: (lead: Lead, stage: Lead['stage']) =>
      run(lead, { stage },
        { title: 'Lead Updated', description: `Lead stage updated to ${STAGE_LABELS[stage]}`, variant: 'success' },
        () => ({ title: 'Error', description: 'Failed to update lead stage. Please try again.', variant: 'destructive' })),
    setPriority: (lead: Lead, priority: Lead['priority']) => run(lead, { priority }, UPDATED_DETAILS, () => FAILED_DETAILS),
    setTags: (lead: Lead, tags: string[]) => run(lead, { tags }, UPDATED_DETAILS, () => FAILED_DETAILS),
    setFollowUp: (lead: Lead, at: Date | null) =>
      run(lead, { nextFollowUp: at ? at.toISOString() : null }, UPDATED_DETAILS, () => FAILED_DETAILS),
    setScore: (lead: Lead, score: number) =>
      run(lead, { score },
        { title: 'Lead score updated', description: 'The lead score has been updated successfully.', variant: 'success' },
        (e) => ({ title: 'Failed to update lead score', description: serverMessage(e), variant: 'destructive' })),
  };
}

export type LeadActions = ReturnType<typeof useLeadActions>;
