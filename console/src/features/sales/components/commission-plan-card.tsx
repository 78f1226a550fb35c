import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Percent } from 'lucide-react';
import type { z } from 'zod';
import type { CommissionPlanSchema } from '@leadfloor/contracts';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Select } from '../../../components/ui/select';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format-date';
import { LEAD_TYPE_LABELS } from '../../../lib/lead-type-labels';
import { commissionPlanQuery, planTeamsQuery } from '../api/sale-queries';
import { formatRate } from '../money';
import { PlanRatesForm } from './plan-rates-form';

type Plan = z.infer<typeof CommissionPlanSchema>;
const TYPES = Object.keys(LEAD_TYPE_LABELS) as (keyof typeof LEAD_TYPE_LABELS)[];

function PlanRates({ plan }: { plan: Plan }) {
  return (
    <>
      <dl className="grid max-w-2xl grid-cols-3 gap-3">
        {TYPES.map((type) => (
          <div key={type} className="rounded-lg border border-border px-3 py-2">
            <dt className="text-xs text-muted">{LEAD_TYPE_LABELS[type]}</dt>
            <dd className="text-lg font-semibold text-foreground tabular-nums">{formatRate(plan.rates[type])}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-muted">
        {plan.version === 0
          ? 'The built-in default rates: no plan has been set for this team yet.'
          : `Plan version ${plan.version}${plan.updatedAt ? `, set ${formatDateTime(plan.updatedAt)}` : ''}. Recorded sales keep the rate they were recorded at.`}
      </p>
    </>
  );
}

/**
 * The commission plan behind every figure: a rate per lead type. Everyone sees their team's;
 * a manager picks one of the teams they manage and sets its rates for new sales.
 */
export function CommissionPlanCard() {
  const { user } = useCurrentUser();
  const isManager = user?.role === 'manager';
  const teams = useQuery({ ...planTeamsQuery, enabled: isManager });
  const managed = (teams.data ?? []).filter((t) => t.managerId === user?.id);
  const [chosen, setChosen] = useState<number | null>(null);
  const [editing, setEditing] = useState(false);
  const teamId = chosen ?? managed.find((t) => t.id === user?.teamId)?.id ?? managed[0]?.id ?? user?.teamId ?? null;
  const plan = useQuery(commissionPlanQuery(teamId));
  const canEdit = isManager && managed.some((t) => t.id === teamId);
  const teamName = managed.find((t) => t.id === teamId)?.name;

  return (
    <Card aria-labelledby="commission-plan-title">
      <CardHeader
        titleId="commission-plan-title"
        title="Commission plan"
        description={isManager ? 'The rate each lead type pays on new sales of a team you manage' : "Your team's rate for each lead type: a new sale takes its type's rate"}
        action={
          managed.length > 1 ? (
            <label className="flex shrink-0 items-center gap-2 text-sm font-medium text-foreground">
              Team
              <Select value={teamId ?? ''} onChange={(e) => { setChosen(Number(e.target.value)); setEditing(false); }} className="w-44 sm:w-56">
                {managed.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
              </Select>
            </label>
          ) : (
            <Percent aria-hidden className="size-5 shrink-0 text-muted" />
          )
        }
        className="flex-wrap"
      />
      <CardContent className="flex flex-col gap-4">
        {plan.isPending ? (
          <PanelLoading label="Loading the commission plan" rows={1} />
        ) : plan.error ? (
          <PanelError error={plan.error} what="The commission plan" onRetry={() => plan.refetch()} />
        ) : editing && teamId !== null ? (
          <PlanRatesForm plan={plan.data} teamId={teamId} teamName={teamName} onDone={() => setEditing(false)} />
        ) : (
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div className="min-w-64 flex-1"><PlanRates plan={plan.data} /></div>
            {canEdit && <Button variant="secondary" onClick={() => setEditing(true)}>Edit rates</Button>}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
