/** A lead a sample request sends (the add-lead fields and the sender's id of it). */
const SAMPLE_LEAD = {
  name: 'Jane Doe', email: 'jane@example.com', phone: '555-0100', city: 'Austin', state: 'TX', leadType: 'real_estate', externalId: 'form-123',
};

/**
 * A curl command that sends a lead to a source's URL; for a signed source, the signature made
 * with openssl as LeadFloor checks it: HMAC-SHA256 of "<unix seconds>.<body>", hex.
 */
export function sampleCurl(url: string, signed: boolean): string {
  const body = JSON.stringify(SAMPLE_LEAD);
  if (!signed) return `curl -X POST '${url}' \\\n  -H 'content-type: application/json' \\\n  -d '${body}'`;
  return [
    `body='${body}'`,
    't=$(date +%s)',
    `sig=$(printf '%s.%s' "$t" "$body" | openssl dgst -sha256 -hmac "$SIGNING_SECRET" -hex | sed 's/^.* //')`,
    `curl -X POST '${url}' \\\n  -H 'content-type: application/json' \\\n  -H "LeadFloor-Signature: t=$t,v1=$sig" \\\n  -d "$body"`,
  ].join('\n');
}

/** A signing secret made in the browser (32 random bytes, URL-safe): the manager may keep it or paste their own. */
export function generateSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export const EVENT_LABELS: Record<string, string> = {
  LeadCreated: 'Lead created', LeadClaimed: 'Lead claimed', LeadReleased: 'Lead released', LeadReassigned: 'Lead reassigned',
  LeadStatusChanged: 'Status changed', LeadStageMoved: 'Stage moved', LeadPriorityChanged: 'Priority changed', LeadScored: 'Lead scored',
  LeadTagsChanged: 'Tags changed', LeadDetailsEdited: 'Details edited', ping: 'Test',
};
