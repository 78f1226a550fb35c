import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import type { User } from '@leadfloor/contracts';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { formatDateTime } from '../../../lib/format-date';
import { callScriptQuery, teamsQuery } from '../api/call-queries';
import { managedTeams } from '../call-labels';
import { CallScriptEditor } from './call-script-editor';

/**
 * The call script a team's calls are held to (script adherence counts its checkpoints). Everyone
 * reads their own team's; a manager picks among the teams they manage and edits it.
 */
export function CallScriptCard({ me }: { me: User }) {
  const teams = useQuery({ ...teamsQuery, enabled: me.role === 'manager' });
  const managed = managedTeams(me, teams.data ?? []);
  const [chosen, setChosen] = useState<number | null>(null);
  const teamId = chosen ?? managed[0]?.id ?? me.teamId;
  const team = managed.find((t) => t.id === teamId);
  // A manager's first read waits for their teams, so it asks for the script they will see.
  const script = useQuery({ ...callScriptQuery(teamId), enabled: me.role !== 'manager' || !teams.isPending });
  const [editing, setEditing] = useState(false);

  return (
    <Card aria-labelledby="call-script-title">
      <CardHeader
        titleId="call-script-title"
        title="Call script"
        description="The checkpoints script adherence is measured against: each is covered when the agent says one of its phrases."
        action={team && script.data && !editing && (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden />
            Edit script
          </Button>
        )}
      />
      <CardContent className="flex flex-col gap-4">
        {managed.length > 1 && (
          <FormField label="Team" className="max-w-xs">
            {(c) => (
              <Select {...c} value={teamId ?? ''} disabled={editing} onChange={(e) => setChosen(Number(e.target.value))}>
                {managed.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
              </Select>
            )}
          </FormField>
        )}
        {script.isPending ? (
          <PanelLoading label="Loading the call script" rows={3} />
        ) : script.error ? (
          <PanelError error={script.error} what="The call script" onRetry={() => void script.refetch()} />
        ) : editing && team ? (
          <CallScriptEditor key={`${team.id}-${script.data.version}`} script={script.data} teamId={team.id} teamName={team.name} onDone={() => setEditing(false)} />
        ) : (
          <>
            <p className="text-sm text-muted">
              {script.data.version === 0
                ? 'The built-in default script: this team has not written its own yet.'
                : `Version ${script.data.version}${script.data.updatedAt ? `, saved ${formatDateTime(script.data.updatedAt)}` : ''}.`}
            </p>
            <ol className="flex flex-col divide-y divide-border rounded-xl border border-border">
              {script.data.checkpoints.map((cp, i) => (
                <li key={cp.id} className="flex gap-3 px-4 py-3">
                  <span aria-hidden className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-primary-soft-foreground">{i + 1}</span>
                  <div className="flex min-w-0 flex-col gap-1.5">
                    <p className="text-sm font-medium text-foreground">{cp.label}</p>
                    <ul aria-label={`Phrases for ${cp.label}`} className="flex flex-wrap gap-1">
                      {cp.phrases.map((p) => <li key={p}><Badge tone="outline">“{p}”</Badge></li>)}
                    </ul>
                  </div>
                </li>
              ))}
            </ol>
          </>
        )}
      </CardContent>
    </Card>
  );
}
