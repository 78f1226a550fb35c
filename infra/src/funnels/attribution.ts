import { z } from 'zod';

/** First-party cookies of the public funnel pages, read back by the form's post (no script needed). */
export const VISITOR_COOKIE = 'lf_vid';
export const FIRST_TOUCH_COOKIE = 'lf_ft';
export const LAST_TOUCH_COOKIE = 'lf_lt';

const MAX = 200;
const text = z.string().max(MAX).nullable();
const TouchSchema = z.object({
  source: text, medium: text, campaign: text, term: text, content: text,
  gclid: text, fbclid: text, ttclid: text, landingPath: z.string().max(500).nullable(),
});
/** One touch: the UTM parameters, ad click ids and the path a visitor landed on. */
export type Touch = z.infer<typeof TouchSchema>;

const PARAMS = { source: 'utm_source', medium: 'utm_medium', campaign: 'utm_campaign', term: 'utm_term', content: 'utm_content' } as const;
const CLICK_IDS = ['gclid', 'fbclid', 'ttclid'] as const;

/** The touch of a page view: what its URL carries and the path it landed on. */
export function touchOf(query: Record<string, unknown>, landingPath: string): Touch {
  const one = (k: string) => {
    const v = query[k];
    const s = typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : null;
    const t = s?.trim().slice(0, MAX) ?? '';
    return t === '' ? null : t;
  };
  const touch: Touch = {
    source: one(PARAMS.source), medium: one(PARAMS.medium), campaign: one(PARAMS.campaign), term: one(PARAMS.term), content: one(PARAMS.content),
    gclid: one('gclid'), fbclid: one('fbclid'), ttclid: one('ttclid'), landingPath: landingPath.slice(0, 500),
  };
  return touch;
}

/** A touch that says where the visitor came from (a UTM parameter or an ad click id) replaces the last one. */
export const carriesCampaign = (t: Touch) => [t.source, t.medium, t.campaign, t.term, t.content, ...CLICK_IDS.map((c) => t[c])].some((v) => v !== null);

export const encodeTouch = (t: Touch) => Buffer.from(JSON.stringify(t)).toString('base64url');
/** A touch cookie's value, or null when it is missing or not one of ours (it is the visitor's to change). */
export function decodeTouch(value: string | undefined): Touch | null {
  if (!value || value.length > 4096) return null;
  try {
    const parsed = TouchSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
