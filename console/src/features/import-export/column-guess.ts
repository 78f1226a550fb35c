import { IMPORT_LEAD_FIELDS, type CustomField, type ImportTarget } from '@leadfloor/contracts';

const SYNONYMS: Record<(typeof IMPORT_LEAD_FIELDS)[number], string[]> = {
  name: ['name', 'fullname', 'full name', 'contact', 'contact name', 'lead name', 'customer'],
  email: ['email', 'e-mail', 'email address', 'mail'],
  phone: ['phone', 'phone number', 'telephone', 'tel', 'mobile', 'cell'],
  address: ['address', 'street', 'street address', 'address 1'],
  city: ['city', 'town'],
  state: ['state', 'region', 'province', 'county'],
  leadType: ['lead type', 'leadtype', 'type', 'category'],
  source: ['source', 'lead source', 'channel'],
  notes: ['notes', 'note', 'comments', 'comment', 'description'],
  funnelSource: ['funnel source', 'utm_source', 'utm source'],
  funnelCampaignId: ['funnel campaign', 'campaign', 'campaign id', 'utm_campaign', 'utm campaign'],
  tags: ['tags', 'tag', 'labels', 'label'],
  priority: ['priority', 'prio'],
};
const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The likely target of a column by its header: a lead field by its usual names, a custom field
 * by its name or label, otherwise ignored. Each target is taken once, first column first.
 */
export function guessMapping(columns: string[], fields: CustomField[]): Record<string, ImportTarget> {
  const taken = new Set<string>();
  const out: Record<string, ImportTarget> = {};
  for (const column of columns) {
    const key = squash(column);
    const lead = IMPORT_LEAD_FIELDS.find((f) => !taken.has(f) && SYNONYMS[f].some((s) => squash(s) === key));
    const custom = fields.find((f) => f.active && !taken.has(`custom:${f.name}`) && (squash(f.name) === key || squash(f.label) === key));
    const target: ImportTarget = lead ?? (custom ? `custom:${custom.name}` : 'ignore');
    if (target !== 'ignore') taken.add(target);
    out[column] = target;
  }
  return out;
}

/** A saved mapping applied to this file: its targets for the columns this file has, the rest guessed. */
export function applySaved(columns: string[], saved: Record<string, ImportTarget>, fields: CustomField[]): Record<string, ImportTarget> {
  const guessed = guessMapping(columns.filter((c) => !(c in saved)), fields);
  const used = new Set(columns.filter((c) => c in saved).map((c) => saved[c]!));
  return Object.fromEntries(columns.map((c) => [c, c in saved ? saved[c]! : used.has(guessed[c]!) ? 'ignore' : guessed[c]!]));
}
