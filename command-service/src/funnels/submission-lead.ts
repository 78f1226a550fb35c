import type { FunnelOrigin, FunnelTouch, LeadSource, LeadType } from '@leadfloor/events';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import type { Touch } from '@leadfloor/infra/funnels/attribution';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { checkInboundFields } from '../integrations/inbound-lead-fields';
import { leadAggregate, leadStream } from '../leads/lead-aggregate';
import { isDomainError } from '../shared/domain-error';
import type { HandleCommand } from '../shared/handle-command';

/** A second submission with the same email within this many days updates that lead. */
export const SAME_PERSON_DAYS = 30;

/** What a submission row keeps: the form's values by lead field, and where the visitor came from. */
export type SubmissionPayload = {
  values: Record<string, string>;
  leadType: LeadType; ownerId: number;
  firstTouch: Touch | null; lastTouch: Touch | null;
};
type Row = { id: string; funnel_id: number; step_id: number; variant: string; external_id: string; payload: SubmissionPayload; state: string; lead_id: number | null; email: string | null };
export type SubmissionDeps = { pool: Pool; store: EventStore; handle: HandleCommand; now: () => Date };

const SOCIAL = /^(facebook|fb|instagram|ig|tiktok|linkedin|twitter|x|youtube|pinterest|snapchat|reddit)$/i;
const PAID = /^(cpc|ppc|paid|paidsocial|paid_social|display|ads?)$/i;

/** The lead's source from the touches: an ad click or paid medium, a social network, else the website. */
export function leadSourceOf(first: Touch | null, last: Touch | null): LeadSource {
  const touches = [last, first].filter((t): t is Touch => t !== null);
  if (touches.some((t) => t.gclid || t.fbclid || t.ttclid || (t.medium && PAID.test(t.medium)))) return 'advertisement';
  if (touches.some((t) => t.source && SOCIAL.test(t.source))) return 'social_media';
  return 'website';
}

const asTouch = (t: Touch | null): FunnelTouch | null => t && { source: t.source, medium: t.medium, campaign: t.campaign, term: t.term, content: t.content };

/** The origin LeadCreated carries, and the funnel source and campaign derived from it (first touch, else last). */
export function originOf(row: Pick<Row, 'funnel_id' | 'step_id' | 'variant' | 'external_id'>, p: SubmissionPayload): { funnelOrigin: FunnelOrigin; funnelSource?: string; funnelCampaignId?: string } {
  const click = (k: 'gclid' | 'fbclid' | 'ttclid') => p.lastTouch?.[k] ?? p.firstTouch?.[k] ?? null;
  const source = p.firstTouch?.source ?? p.lastTouch?.source ?? null;
  const campaign = p.firstTouch?.campaign ?? p.lastTouch?.campaign ?? null;
  return {
    funnelOrigin: {
      funnelId: row.funnel_id, stepId: row.step_id, variant: row.variant as FunnelOrigin['variant'], submissionId: row.external_id,
      firstTouch: asTouch(p.firstTouch), lastTouch: asTouch(p.lastTouch),
      gclid: click('gclid'), fbclid: click('fbclid'), ttclid: click('ttclid'),
      landingPath: p.firstTouch?.landingPath ?? p.lastTouch?.landingPath ?? null,
    },
    ...(source ? { funnelSource: source } : {}),
    ...(campaign ? { funnelCampaignId: campaign } : {}),
  };
}

const LEAD_FIELDS = ['name', 'email', 'phone', 'address', 'city', 'state', 'notes'] as const;

/**
 * Makes the lead of one accepted submission, or updates the lead the same email made within
 * SAME_PERSON_DAYS. Through the normal lead commands, so a new lead enters the pool under the
 * floor's rules and notifies like any other; the funnel's owner is its creator. The lead's id is
 * fixed on the row first and the command id names the row, so running it again (a retry, the
 * sweep after a crash) makes one lead.
 */
export async function leadFromSubmission({ pool, store, handle, now }: SubmissionDeps, submissionId: number): Promise<void> {
  const { rows } = await pool.query<Row>(
    'select id::text, funnel_id, step_id, variant, external_id, payload, state, lead_id, email from funnel_submissions where id = $1', [submissionId]);
  const row = rows[0];
  if (!row || row.state !== 'received') return;
  const p = row.payload;
  const v = (k: string) => p.values[k]?.trim() ?? '';
  const custom = Object.fromEntries(Object.entries(p.values).filter(([k, val]) => k.startsWith('custom:') && val.trim() !== '').map(([k, val]) => [k.slice(7), val.trim()]));
  const checked = await checkInboundFields(store, p.leadType, custom);
  const values = checked.ok ? checked.values : {};
  const at = now();
  const meta = { now: at.toISOString(), actor: { id: p.ownerId, role: 'system', teamId: null } };
  const ctx = { actorId: p.ownerId, correlationId: `funnel-submission-${row.id}`, commandId: `funnel-submission:${row.id}` };
  const mark = (state: 'created' | 'updated', leadId: number) => pool.query(
    'update funnel_submissions set state = $2, lead_id = $3, attempts = attempts + 1, processed_at = $4 where id = $1', [row.id, state, leadId, at]);

  const same = row.email ? (await pool.query<{ lead_id: number }>(
    `select lead_id from funnel_submissions where lower(email) = lower($1) and lead_id is not null and id <> $2 and received_at > $3
     order by id desc limit 1`, [row.email, row.id, new Date(at.getTime() - SAME_PERSON_DAYS * 86_400_000)])).rows[0] : undefined;
  if (same && row.lead_id === null) {
    const changes = Object.fromEntries(LEAD_FIELDS.filter((k) => k !== 'email' && v(k) !== '').map((k) => [k, v(k)]));
    try {
      await handle(leadAggregate, leadStream(same.lead_id), [
        { type: 'EditLeadDetails', data: { leadId: same.lead_id, changes }, meta },
        ...(checked.ok && Object.keys(values).length > 0
          ? [{ type: 'SetLeadCustomFields' as const, data: { leadId: same.lead_id, values }, meta: { ...meta, fields: checked.fields } }] : []),
      ], ctx);
      await mark('updated', same.lead_id);
      return;
    } catch (err) {
      // The earlier lead is gone (withdrawn) or refuses the change: this one makes a lead of its own.
      if (!isDomainError(err)) throw err;
    }
  }
  const leadId = row.lead_id ?? (await pool.query<{ lead_id: number }>(
    'update funnel_submissions set lead_id = coalesce(lead_id, $2) where id = $1 returning lead_id', [row.id, await store.nextId('lead')])).rows[0]!.lead_id;
  const email = v('email');
  const phone = v('phone');
  try {
    await handle(leadAggregate, leadStream(leadId), [
      {
        type: 'CreateLead', meta,
        data: {
          leadId, name: v('name') || email || phone, email, phone, address: v('address') || null, city: v('city'), state: v('state'),
          leadType: p.leadType, source: leadSourceOf(p.firstTouch, p.lastTouch), notes: v('notes') || null, ...originOf(row, p),
        },
      },
      ...(checked.ok && Object.keys(values).length > 0
        ? [{ type: 'SetLeadCustomFields' as const, data: { leadId, values, complete: false }, meta: { ...meta, fields: checked.fields } }] : []),
    ], ctx);
  } catch (err) {
    if (!(isDomainError(err) && err.code === 'lead.already_exists')) throw err;
  }
  await mark('created', leadId);
}

/** Submissions left `received` (the process stopped between the row and the lead): made now. */
export async function sweepSubmissions(deps: SubmissionDeps, olderThanMs = 30_000): Promise<number> {
  const { rows } = await deps.pool.query<{ id: string }>(
    `select id::text from funnel_submissions where state = 'received' and received_at < $1 order by id limit 200`, [new Date(deps.now().getTime() - olderThanMs)]);
  for (const { id } of rows) {
    await leadFromSubmission(deps, Number(id)).catch(() => deps.pool.query(
      `update funnel_submissions set attempts = attempts + 1, state = case when attempts >= 4 then 'failed' else state end where id = $1`, [id]));
  }
  return rows.length;
}

const SWEEP_EVERY_MS = 30_000;
/**
 * The reconciler of form submissions: on start and every half minute, makes the lead of any
 * submission a crash or an outage left between its row and its lead.
 */
export function startSubmissionSweep(deps: SubmissionDeps & { logger?: { error(o: object, m?: string): void } }) {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = sweepSubmissions(deps).catch((err: unknown) => deps.logger?.error({ err }, 'the funnel submission sweep failed; it runs again shortly'));
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  return { stop: async () => { clearInterval(timer); await running; } };
}
