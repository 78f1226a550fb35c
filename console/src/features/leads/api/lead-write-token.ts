/**
 * Read-your-writes (DESIGN.md): a lead command answers with the lead stream's new version.
 * The next list read passes it back (`leadId` + `minVersion`) and the gateway waits, bounded,
 * until its read model has caught up, so a lead the user just created or changed never
 * vanishes from the list that is refreshed right after.
 */
type WriteToken = { leadId: number; minVersion: number; at: number };

// After this long the projection has long caught up; stop making reads wait on it.
const TOKEN_TTL_MS = 10_000;
let latest: WriteToken | null = null;
// Per lead too: a detail page read waits for the last write to *that* lead, whatever came after.
const perLead = new Map<number, WriteToken>();

const fresh = (t: WriteToken | null | undefined): t is WriteToken => Boolean(t && Date.now() - t.at <= TOKEN_TTL_MS);

export function rememberLeadWrite(leadId: number, version: number): void {
  latest = { leadId, minVersion: version, at: Date.now() };
  perLead.set(leadId, latest);
  for (const [id, token] of perLead) if (!fresh(token)) perLead.delete(id);
}

/** Query parameters that make a read wait for the user's latest lead write, if recent. */
export function leadConsistencyParams(): { leadId?: number; minVersion?: number } {
  if (!fresh(latest)) return {};
  return { leadId: latest.leadId, minVersion: latest.minVersion };
}

/** The same for one lead's own read (GET /api/leads/{id}?minVersion=N). */
export function leadDetailConsistencyParams(leadId: number): { minVersion?: number } {
  const token = perLead.get(leadId);
  return fresh(token) ? { minVersion: token.minVersion } : {};
}
