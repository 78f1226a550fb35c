import { BarChart3, Briefcase, Filter, LayoutDashboard, Phone, Settings, Users, Wallet, Inbox, type LucideIcon } from 'lucide-react';

export type NavChild = { to: string; label: string };
export type NavItem = { to: string; label: string; icon: LucideIcon; children?: NavChild[] };

/** Spec 2.4: the sidebar's items, the same for everyone, in this order. */
export const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'Dashboard', icon: LayoutDashboard },
  {
    to: '/leads', label: 'Lead Pool', icon: Inbox,
    children: [{ to: '/leads/import-export', label: 'Import/Export' }, { to: '/integrations', label: 'CRM Integrations' }],
  },
  { to: '/calls', label: 'Calls', icon: Phone },
  {
    to: '/analytics', label: 'Analytics Hub', icon: BarChart3,
    children: [
      { to: '/call-analytics', label: 'Call Analytics' },
      { to: '/lead-analytics', label: 'Lead Analytics' },
      { to: '/funnel-analytics', label: 'Funnel Analytics' },
    ],
  },
  { to: '/commissions', label: 'Commissions', icon: Wallet },
  {
    to: '/funnels', label: 'Lead Funnels', icon: Filter,
    children: [{ to: '/funnel-templates', label: 'Funnel Templates' }, { to: '/templates', label: 'Content Templates' }],
  },
  { to: '/team', label: 'Team', icon: Users },
  {
    to: '/closers', label: 'Closers Hub', icon: Briefcase,
    children: [{ to: '/closers/my-applications', label: 'My Applications' }, { to: '/academy', label: 'Academy' }],
  },
  { to: '/settings', label: 'Settings', icon: Settings },
];

const within = (pathname: string, to: string) => (to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`));

/** Whether a group's page or one of its children is showing (its children then start open). */
export const isGroupActive = (item: NavItem, pathname: string): boolean =>
  within(pathname, item.to) || (item.children ?? []).some((c) => within(pathname, c.to));
