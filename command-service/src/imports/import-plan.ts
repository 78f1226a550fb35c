import type { IMPORT_LEAD_FIELDS } from '@leadfloor/contracts';
import { CreateLeadFormSchema, FunnelAttributionSchema, type ImportTarget } from '@leadfloor/contracts';
import type { CustomFieldValue, ImportMatchOn, ImportMode, LeadDetailChanges, LeadPriority, LeadSource, LeadType } from '@leadfloor/events';
import { activeFieldsFor, type CustomFieldSet } from '../custom-fields/custom-field-set';
import { checkFieldValues } from '../custom-fields/field-values';
import { normalizeTags } from '../leads/decide';

type LeadField = (typeof IMPORT_LEAD_FIELDS)[number];
export type NewLead = {
  name: string; email: string; phone: string; address: string | null; city: string; state: string;
  leadType: LeadType; source: LeadSource | null; notes: string | null;
  /** The marketing funnel's source and campaign of a new lead (set only when the row gives them). */
  funnelSource?: string; funnelCampaignId?: string;
};
/** A lead the file's row matched, as the read models show it now. */
export type MatchedLead = NewLead & { id: number; customFields: Record<string, CustomFieldValue>; tags: string[]; priority: LeadPriority };
/** The row's tags and priority (absent: the row leaves them). */
export type LeadLabels = { tags?: string[]; priority?: LeadPriority };

export type RowPlan =
  /** `releaseAt`: the floor's drip lets the lead into the pool then (set by the run, never by the dry run). */
  | { outcome: 'created'; lead: NewLead; customFields: Record<string, CustomFieldValue>; labels?: LeadLabels; releaseAt?: string }
  | {
    outcome: 'updated'; leadId: number; details: LeadDetailChanges; customFields: Record<string, CustomFieldValue | null>; labels?: LeadLabels;
    /** The values the update replaces (null: the lead had none), for an undo. */
    before: { details: LeadDetailChanges; customFields: Record<string, CustomFieldValue | null>; labels?: LeadLabels };
  }
  | { outcome: 'skipped'; reason: string; leadId?: number }
  | { outcome: 'failed'; reason: string };

export type ImportSettings = { columns: string[]; mapping: Record<string, ImportTarget>; mode: ImportMode; matchOn: ImportMatchOn; leadType: LeadType };

export const normalizeEmail = (v: string) => v.trim().toLowerCase();
/** Digits only: "+1 (555) 010-2030" and "15550102030" are one number. */
export const normalizePhone = (v: string) => v.replace(/\D/g, '');
export const matchKeyOf = (matchOn: ImportMatchOn, value: string) => (matchOn === 'email' ? normalizeEmail(value) : normalizePhone(value));

// Text PostgreSQL cannot store (NUL) or that is not text at all (unpaired surrogates).
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const SOURCES = new Set(['website', 'referral', 'advertisement', 'cold_call', 'social_media', 'other']);
const TYPES = new Set(['real_estate', 'finance', 'forex']);
/** "Real Estate", "real-estate" and "real_estate" are one lead type; the same for sources. */
const enumCell = (v: string) => v.trim().toLowerCase().replace(/[\s-]+/g, '_');

const PRIORITIES = new Set(['low', 'medium', 'high']);
const MAX_TAGS = 50;
const MAX_TAG = 60;

/** The row's tags (one cell, split on `;` or `,`, cleaned as the tag editor cleans them) and priority; an empty cell sets nothing. */
export function labelsOf(fields: Partial<Record<LeadField, string>>): { labels: LeadLabels } | { error: string } {
  const labels: LeadLabels = {};
  if (fields.tags?.trim()) {
    const tags = normalizeTags(fields.tags.split(/[;,]/));
    if (tags.length > MAX_TAGS) return { error: `tags: at most ${MAX_TAGS} tags.` };
    const long = tags.find((t) => t.length > MAX_TAG);
    if (long) return { error: `tags: "${long.slice(0, 20)}…" is longer than ${MAX_TAG} characters.` };
    labels.tags = tags;
  }
  if (fields.priority?.trim()) {
    const priority = enumCell(fields.priority);
    if (!PRIORITIES.has(priority)) return { error: `priority: "${fields.priority}" is not low, medium or high.` };
    labels.priority = priority as LeadPriority;
  }
  return { labels };
}
const hasLabels = (l: LeadLabels) => l.tags !== undefined || l.priority !== undefined;

/** The row's cells by target: lead fields and custom fields (cells of ignored or unmapped columns dropped). */
export function cellsByTarget(settings: ImportSettings, cells: string[]) {
  const fields: Partial<Record<LeadField, string>> = {};
  const custom: Record<string, string> = {};
  settings.columns.forEach((column, i) => {
    const target = settings.mapping[column];
    const cell = cells[i] ?? '';
    if (!target || target === 'ignore') return;
    if (target.startsWith('custom:')) custom[target.slice(7)] = cell;
    else fields[target as LeadField] = cell;
  });
  return { fields, custom };
}

function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }) {
  const issue = error.issues[0]!;
  return `${String(issue.path[0] ?? 'row')}: ${issue.message}`;
}

/**
 * What one row of the file does: the same decision for a dry run and the real run. `matched` is
 * the lead the row's match key finds (null: none); `firstRowOfKey` the earlier row of this file
 * with the same key, if any (a file's duplicates are skipped, not applied twice). Updates change
 * only what the row fills in: an empty cell never erases a lead's value.
 */
export function planRow(
  settings: ImportSettings, fieldSet: CustomFieldSet, cells: string[], matched: MatchedLead | null, firstRowOfKey: number | null,
): RowPlan {
  if (cells.some((c) => UNSTORABLE.test(c))) return { outcome: 'failed', reason: 'The row holds characters that cannot be stored (NUL or broken Unicode).' };
  const { fields, custom } = cellsByTarget(settings, cells);
  const key = fields[settings.matchOn];
  if (key === undefined || matchKeyOf(settings.matchOn, key) === '') return { outcome: 'failed', reason: `No ${settings.matchOn} to match on.` };
  if (firstRowOfKey !== null) return { outcome: 'skipped', reason: `Duplicate of row ${firstRowOfKey} (same ${settings.matchOn}).` };

  if (matched) {
    if (settings.mode === 'create') return { outcome: 'skipped', leadId: matched.id, reason: `A lead with this ${settings.matchOn} exists (lead ${matched.id}).` };
    return planUpdate(settings, fieldSet, fields, custom, matched);
  }
  if (settings.mode === 'update_only') return { outcome: 'skipped', reason: `No lead with this ${settings.matchOn}.` };

  const typeCell = fields.leadType?.trim() ? enumCell(fields.leadType) : settings.leadType;
  if (!TYPES.has(typeCell)) return { outcome: 'failed', reason: `leadType: "${fields.leadType}" is not real_estate, finance or forex.` };
  const sourceCell = fields.source?.trim() ? enumCell(fields.source) : null;
  if (sourceCell !== null && !SOURCES.has(sourceCell)) return { outcome: 'failed', reason: `source: "${fields.source}" is not a known source.` };
  const parsed = CreateLeadFormSchema.safeParse({
    name: fields.name ?? '', email: fields.email ?? '', phone: fields.phone ?? '', address: fields.address ?? null,
    city: fields.city ?? '', state: fields.state ?? '', leadType: typeCell, source: sourceCell, notes: fields.notes ?? null,
  });
  if (!parsed.success) return { outcome: 'failed', reason: firstIssue(parsed.error) };
  const funnel = FunnelAttributionSchema.safeParse({ funnelSource: fields.funnelSource ?? null, funnelCampaignId: fields.funnelCampaignId ?? null });
  if (!funnel.success) return { outcome: 'failed', reason: firstIssue(funnel.error) };
  const { funnelSource, funnelCampaignId } = funnel.data;
  const lead: NewLead = { ...parsed.data, ...(funnelSource ? { funnelSource } : {}), ...(funnelCampaignId ? { funnelCampaignId } : {}) };
  // An empty cell is no value: a column of another lead type's field stays empty on this row.
  const filledCustom = Object.fromEntries(Object.entries(custom).filter(([, v]) => v.trim() !== ''));
  const checked = checkFieldValues(activeFieldsFor(fieldSet, parsed.data.leadType), filledCustom, { complete: true });
  if (!checked.ok) return { outcome: 'failed', reason: `${checked.field}: ${checked.message}` };
  const labels = labelsOf(fields);
  if ('error' in labels) return { outcome: 'failed', reason: labels.error };
  return {
    outcome: 'created', lead, customFields: checked.values as Record<string, CustomFieldValue>, ...(hasLabels(labels.labels) ? { labels: labels.labels } : {}),
  };
}

function planUpdate(
  settings: ImportSettings, fieldSet: CustomFieldSet, fields: Partial<Record<LeadField, string>>, custom: Record<string, string>, lead: MatchedLead,
): RowPlan {
  // The lead's own values with the row's filled-in cells over them, checked as a whole lead. Its
  // type and the funnel it came in through are facts of its creation: an update leaves them.
  const fixed = new Set<string>(['leadType', 'funnelSource', 'funnelCampaignId', 'tags', 'priority']);
  const filled = Object.fromEntries(Object.entries(fields).filter(([k, v]) => !fixed.has(k) && v.trim() !== '')) as Partial<Record<LeadField, string>>;
  if (filled.source !== undefined) {
    filled.source = enumCell(filled.source);
    if (!SOURCES.has(filled.source)) return { outcome: 'failed', reason: `source: "${fields.source}" is not a known source.` };
  }
  const parsed = CreateLeadFormSchema.safeParse({ ...lead, ...filled });
  if (!parsed.success) return { outcome: 'failed', reason: firstIssue(parsed.error) };
  const details: LeadDetailChanges = {};
  for (const k of Object.keys(filled) as (keyof LeadDetailChanges)[]) {
    const v = parsed.data[k];
    if (v !== lead[k]) (details as Record<string, unknown>)[k] = v;
  }
  const filledCustom = Object.fromEntries(Object.entries(custom).filter(([, v]) => v.trim() !== ''));
  const checked = checkFieldValues(activeFieldsFor(fieldSet, lead.leadType), filledCustom, { complete: false });
  if (!checked.ok) return { outcome: 'failed', reason: `${checked.field}: ${checked.message}` };
  const customFields = Object.fromEntries(Object.entries(checked.values).filter(([k, v]) => lead.customFields[k] !== v));
  const read = labelsOf(fields);
  if ('error' in read) return { outcome: 'failed', reason: read.error };
  const labels: LeadLabels = {};
  if (read.labels.tags && read.labels.tags.join('\u0000') !== lead.tags.join('\u0000')) labels.tags = read.labels.tags;
  if (read.labels.priority && read.labels.priority !== lead.priority) labels.priority = read.labels.priority;
  if (Object.keys(details).length === 0 && Object.keys(customFields).length === 0 && !hasLabels(labels)) {
    return { outcome: 'skipped', leadId: lead.id, reason: `Lead ${lead.id} already has these values.` };
  }
  const before = {
    details: Object.fromEntries(Object.keys(details).map((k) => [k, lead[k as keyof LeadDetailChanges]])) as LeadDetailChanges,
    customFields: Object.fromEntries(Object.keys(customFields).map((k) => [k, lead.customFields[k] ?? null])),
    ...(hasLabels(labels) ? { labels: { ...(labels.tags ? { tags: lead.tags } : {}), ...(labels.priority ? { priority: lead.priority } : {}) } } : {}),
  };
  return { outcome: 'updated', leadId: lead.id, details, customFields, ...(hasLabels(labels) ? { labels } : {}), before };
}
