/**
 * Routes of spec 2.1 whose screens arrive with later issues. Each renders an honest
 * "not available yet" page inside the shell; when a feature lands, its entry moves out of
 * this list and into app-routes.tsx as a real (lazy) route.
 */
export type UpcomingRoute = { path: string; title: string; description: string };

export const UPCOMING_ROUTES: UpcomingRoute[] = [
  { path: 'leads/import-export', title: 'Import/Export', description: 'Bring leads in from CSV files and export your pool.' },
  { path: 'integrations', title: 'CRM Integrations', description: 'Connect LeadFloor to the CRM your company already uses.' },
  { path: 'analytics', title: 'Analytics Hub', description: 'Lead, call and funnel performance in one place.' },
  { path: 'lead-analytics', title: 'Lead Analytics', description: 'Where your leads come from and how they convert.' },
  { path: 'funnel-analytics', title: 'Funnel Analytics', description: 'Spend, clicks and conversions of your funnels.' },
  { path: 'closers', title: 'Closers Hub', description: 'Job opportunities for closers.' },
  { path: 'closers/my-applications', title: 'My Applications', description: 'The jobs you have applied for.' },
  { path: 'applications/:id', title: 'Application', description: 'One job application and its status.' },
  { path: 'closers/manage-applications', title: 'Manage Applications', description: 'Review the applications to your jobs.' },
  { path: 'closers/manage-applications/:jobId', title: 'Job Applications', description: 'Applications for one job.' },
  { path: 'employer-dashboard', title: 'Employer Dashboard', description: 'Your job postings and hiring pipeline.' },
  { path: 'closers/training/:jobId', title: 'Training', description: 'Training for a job.' },
  { path: 'academy', title: 'Academy', description: 'Courses and assessments for closers.' },
  { path: 'academy/:jobId', title: 'Academy', description: 'The academy for a job.' },
  { path: 'academy/:trainingId/progress', title: 'Training Progress', description: 'How far you are through a training.' },
  { path: 'academy/:trainingId/assessments', title: 'Assessments', description: 'The assessments of a training.' },
  { path: 'funnel-templates', title: 'Funnel Templates', description: 'A marketplace of ready-made funnels.' },
  { path: 'funnels/:id?', title: 'Lead Funnels', description: 'Build and run funnels that fill your lead pool.' },
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
 * Whether a link's target (`/funnels/3`) is still one of the pages above. A link
 * on a working screen never leads to a "not available yet" page: it shows once its page lands.
 */
export function isUpcoming(to: string): boolean {
  const [pathname, query = ''] = to.split('#')[0]!.split('?');
  const tab = new URLSearchParams(query).get('tab');
  return UPCOMING_PATTERNS.some((p) => p.test(pathname!)) || UPCOMING_TABS.some((t) => t.path === pathname && t.tab === tab);
}
