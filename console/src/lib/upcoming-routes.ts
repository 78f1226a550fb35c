/**
 * Routes of spec 2.1 whose screens arrive with later issues. Each renders an honest
 * "not available yet" page inside the shell; when a feature lands, its entry moves out of
 * this list and into app-routes.tsx as a real (lazy) route.
 */
export type UpcomingRoute = { path: string; title: string; description: string };

export const UPCOMING_ROUTES: UpcomingRoute[] = [
  { path: 'funnel-templates', title: 'Funnel Templates', description: 'A marketplace of ready-made funnels.' },
  { path: 'templates', title: 'Content Templates', description: 'Reusable content for your funnels and outreach.' },
];

/**
 * Tabs of working pages that arrive later. They get no placeholder page (the page itself opens
 * its default tab for them), but links to them wait like links to the pages above.
 */
const UPCOMING_TABS: { path: string; tab: string }[] = [];

const pattern = (path: string) => new RegExp(`^/${path.replace(/\/:[^/]+\?$/, '(?:/[^/]+)?').replace(/:[^/]+/g, '[^/]+')}$`);
const UPCOMING_PATTERNS = UPCOMING_ROUTES.map((r) => pattern(r.path));

/**
 * Whether a link's target (`/funnel-templates`) is still one of the pages above. A link
 * on a working screen never leads to a "not available yet" page: it shows once its page lands.
 */
export function isUpcoming(to: string): boolean {
  const [pathname, query = ''] = to.split('#')[0]!.split('?');
  const tab = new URLSearchParams(query).get('tab');
  return UPCOMING_PATTERNS.some((p) => p.test(pathname!)) || UPCOMING_TABS.some((t) => t.path === pathname && t.tab === tab);
}
