import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Plus } from 'lucide-react';
import { PageHeader } from '../../../components/page-header';
import { PanelLoading } from '../../../components/panel-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { useCurrentUser } from '../../../lib/current-user';
import { cx } from '../../../lib/cx';
import { readTeamTab, TEAM_TABS, writeTeamTab, type TeamTab } from '../team-tabs';
import { CreateTeamDialog } from './create-team-dialog';
import { TeamRankingsTab } from './team-rankings-tab';
import { TeamStructureTab } from './team-structure-tab';

// The chat (its composer, date handling and live sync) loads when the tab is first opened.
const TeamCollaborationTab = lazy(() => import('./team-collaboration-tab').then((m) => ({ default: m.TeamCollaborationTab })));
const TeamTasksTab = lazy(() => import('./team-tasks-tab').then((m) => ({ default: m.TeamTasksTab })));

const tabId = (tab: TeamTab) => `team-tab-${tab}`;

/** /team: the floor's structure (and its management) and its rankings, one tab each (`?tab=`). */
export function TeamPage() {
  const { user } = useCurrentUser();
  const [search, setSearch] = useSearchParams();
  const tab = readTeamTab(search);
  const [creating, setCreating] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const select = (next: TeamTab) => setSearch(writeTeamTab(search, next), { replace: true });
  const handleKeyDown = (e: KeyboardEvent) => {
    const i = TEAM_TABS.findIndex((t) => t.value === tab);
    const last = TEAM_TABS.length - 1;
    const next = { ArrowRight: i === last ? 0 : i + 1, ArrowLeft: i === 0 ? last : i - 1, Home: 0, End: last }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    select(TEAM_TABS[next]!.value);
    list.current?.querySelector<HTMLButtonElement>(`#${tabId(TEAM_TABS[next]!.value)}`)?.focus();
  };
  if (!user) return null;

  return (
    <>
      <PageHeader
        heading="Team"
        subheading="Who is on which team, how they are doing, the standings, and each team’s chat and tasks"
        actions={user.role === 'manager' && (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden className="size-4" />
            New team
          </Button>
        )}
      />
      <div ref={list} role="tablist" aria-label="Team views" onKeyDown={handleKeyDown} className="mb-6 inline-flex max-w-full gap-1 overflow-x-auto rounded-xl bg-surface-muted p-1">
        {TEAM_TABS.map((t) => (
          <button key={t.value} id={tabId(t.value)} type="button" role="tab" aria-selected={t.value === tab} aria-controls="team-tab-panel"
            tabIndex={t.value === tab ? 0 : -1} onClick={() => select(t.value)}
            className={cx('shrink-0 rounded-lg px-2 py-1.5 text-sm font-medium transition-colors sm:px-4',
              t.value === tab ? 'bg-surface text-foreground shadow-xs' : 'text-muted hover:text-foreground')}>
            {t.label}
          </button>
        ))}
      </div>
      <div id="team-tab-panel" role="tabpanel" aria-labelledby={tabId(tab)}>
        {tab === 'structure' && <TeamStructureTab me={user} />}
        {tab === 'rankings' && <TeamRankingsTab />}
        {tab === 'collaboration' && (
          <Suspense fallback={<Card><CardContent><PanelLoading label="Loading the team chat" rows={4} /></CardContent></Card>}>
            <TeamCollaborationTab me={user} />
          </Suspense>
        )}
        {tab === 'tasks' && (
          <Suspense fallback={<Card><CardContent><PanelLoading label="Loading the team's tasks" rows={4} /></CardContent></Card>}>
            <TeamTasksTab me={user} />
          </Suspense>
        )}
      </div>
      <CreateTeamDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
