/**
 * /team's tabs. Collaboration and Tasks join this list when they work; until then a link to
 * `?tab=collaboration` (or any other unknown tab) opens Structure.
 */
export const TEAM_TABS = [
  { value: 'structure', label: 'Structure' },
  { value: 'rankings', label: 'Rankings' },
] as const;
export type TeamTab = (typeof TEAM_TABS)[number]['value'];

export function readTeamTab(search: URLSearchParams): TeamTab {
  const asked = search.get('tab');
  return TEAM_TABS.find((t) => t.value === asked)?.value ?? 'structure';
}

/** The search with `tab` set; Structure, the default, leaves it out. */
export function writeTeamTab(search: URLSearchParams, tab: TeamTab): URLSearchParams {
  const next = new URLSearchParams(search);
  if (tab === 'structure') next.delete('tab');
  else next.set('tab', tab);
  return next;
}
