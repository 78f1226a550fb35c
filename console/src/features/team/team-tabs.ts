/** /team's tabs; a link to an unknown `?tab=` opens Structure. */
export const TEAM_TABS = [
  { value: 'structure', label: 'Structure' },
  { value: 'rankings', label: 'Rankings' },
  { value: 'collaboration', label: 'Collaboration' },
  { value: 'tasks', label: 'Tasks' },
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
