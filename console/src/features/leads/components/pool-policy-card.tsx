import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PoolPolicyView } from '@leadfloor/contracts';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { useRemovePoolPolicyOverride, useSavePoolPolicy } from '../api/pool-policy-mutations';
import { poolPolicyQuery } from '../api/pool-policy-queries';
import { possessive, rulesSummary, sourceLabel } from '../pool-rules-labels';
import { PoolPolicyForm } from './pool-policy-form';

/** What the rules mean for the signed-in user, read-only: anyone who may not change them sees this. */
function RulesSummary({ view }: { view: PoolPolicyView }) {
  const lines = rulesSummary(view.effective);
  const cap = view.effective.maxActiveClaims;
  const rows: [string, string][] = [
    ['Active leads', cap === null ? `No cap (you hold ${view.activeClaims})` : `${view.activeClaims} of ${cap}: ${lines.cap.toLowerCase()}`],
    ['Auto-release', lines.autoRelease],
    ['Distribution', lines.distribution],
  ];
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-medium text-foreground">{label}</dt>
            <dd className="text-sm text-muted">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted">{sourceLabel(view)}{view.effective.version > 0 ? `, version ${view.effective.version}` : ', never changed'}.</p>
    </div>
  );
}

/**
 * The lead pool's rules in /settings. A manager picks the floor or one of the teams and edits
 * that scope (a team without rules of its own starts from the floor's, and can go back to
 * them); everyone else reads the rules that apply to them, with their count against the cap.
 */
export function PoolPolicyCard() {
  const { data: view, isPending, error, refetch } = useQuery(poolPolicyQuery);
  const [scope, setScope] = useState<'floor' | number>('floor');
  const remove = useRemovePoolPolicyOverride();
  const save = useSavePoolPolicy();
  const scopeId = useId();
  const team = typeof scope === 'number' ? view?.teams.find((t) => t.teamId === scope) : undefined;
  const editable = view?.canEditFloor ?? false;

  const backToFloor = (teamId: number, name: string) => remove.mutate(teamId, {
    onSuccess: () => toast({ title: 'Team back on the floor’s rules', description: `${name} follows the floor’s pool rules again.`, variant: 'success' }),
    onError: (e) => toast({ title: 'Error', description: serverMessage(e) ?? 'Failed to change the team’s rules. Please try again.', variant: 'destructive' }),
  });

  return (
    <Card aria-labelledby="pool-policy-title">
      <CardHeader
        titleId="pool-policy-title"
        title="Lead pool rules"
        description={editable ? 'How the floor shares its leads: caps, auto-release and distribution.' : 'The rules the lead pool follows for you.'}
      />
      <CardContent className="flex flex-col gap-5">
        {isPending ? (
          <PanelLoading label="Loading the pool rules" rows={3} />
        ) : error ? (
          <PanelError error={error} what="The pool rules" onRetry={() => void refetch()} />
        ) : !editable ? (
          <RulesSummary view={view} />
        ) : (
          <>
            <div className="flex flex-col gap-1.5 sm:max-w-sm">
              <label htmlFor={scopeId} className="text-sm font-medium text-foreground">Rules for</label>
              <Select id={scopeId} value={String(scope)} onChange={(e) => setScope(e.target.value === 'floor' ? 'floor' : Number(e.target.value))}>
                <option value="floor">The whole floor</option>
                {view.teams.map((t) => (
                  <option key={t.teamId} value={t.teamId} disabled={!t.canEdit}>
                    {t.teamName}: {t.override ? 'its own rules' : 'follows the floor'}{t.canEdit ? '' : ' (not your team)'}
                  </option>
                ))}
              </Select>
            </div>
            {team === undefined ? (
              <PoolPolicyForm key={`floor-${view.floor!.version}`} save={save} teamId={null} rules={view.floor!} version={view.version} provenance="The floor’s rules" />
            ) : (
              <PoolPolicyForm
                // A change of this scope (or of the floor's rules it follows) reloads the editor; another
                // scope's change leaves the edits alone (the server refuses only a change of this scope).
                key={`${team.teamId}-${team.override ? team.override.version : `floor-${view.floor!.version}`}`}
                save={save}
                teamId={team.teamId}
                rules={team.override ?? view.floor!}
                version={view.version}
                provenance={team.override ? `${possessive(team.teamName)} own rules` : `${team.teamName} follows the floor’s rules; saving gives it rules of its own`}
                aside={team.override && (
                  <Button variant="secondary" disabled={remove.isPending} onClick={() => backToFloor(team.teamId, team.teamName)}>Use the floor’s rules</Button>
                )}
              />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
