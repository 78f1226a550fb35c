import { Controller, useFieldArray, useForm, type Control, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { PoolPolicyBodySchema, type PoolPolicyBody, type ScopedPoolPolicyView } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast-store';
import { ApiError, isApiError, serverMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format-date';
import type { useSavePoolPolicy } from '../api/pool-policy-mutations';
import { floorPeopleQuery } from '../api/pool-policy-queries';
import { DISTRIBUTION_LABELS } from '../pool-rules-labels';

type NumberPath = 'maxActiveClaims' | 'autoReleaseHours' | 'warnBeforeReleaseMinutes' | 'dripPerHour' | 'offerTimeoutMinutes' | `weights.${number}.weight`;

/** A number input whose empty value means "none" (null), or `empty` for a rule that cannot be none. */
function NumberField({ control, name, empty = null, ...input }: {
  control: Control<PoolPolicyBody>; name: NumberPath; empty?: number | null; id: string; min?: number; step?: string; placeholder?: string;
  'aria-invalid': boolean; 'aria-describedby'?: string; 'aria-label'?: string;
}) {
  return (
    <Controller control={control} name={name} render={({ field }) => (
      <Input
        {...input} type="number" inputMode="decimal" name={field.name} ref={field.ref} onBlur={field.onBlur}
        value={field.value ?? ''}
        onChange={(e) => field.onChange(e.target.value === '' ? empty : Number(e.target.value))}
      />
    )} />
  );
}

type Props = {
  /**
   * The save, owned by the card: a saved version remounts this form (its new defaults), and a
   * mutation's callbacks die with the component that started it.
   */
  save: ReturnType<typeof useSavePoolPolicy>;
  /** null: the floor's rules; a team: its override (set from the floor's rules when it has none). */
  teamId: number | null;
  rules: ScopedPoolPolicyView;
  /** The policy version the editor loaded: a save over a newer one is refused. */
  version: number;
  /** Where the rules shown come from, for the line under the form. */
  provenance: string;
  aside?: React.ReactNode;
};

/**
 * One scope's pool rules, as the body of PUT /api/pool-policy (the schema the server validates):
 * an empty number is "none" (no cap, no auto-release, no drip). A team's distribution governs the
 * leads of the type it works; the floor's, every other lead; the drip is the floor's.
 */
export function PoolPolicyForm({ save, teamId, rules, version, provenance, aside }: Props) {
  const people = useQuery(floorPeopleQuery);
  const { control, handleSubmit, setError, watch, formState: { errors, isDirty } } = useForm<PoolPolicyBody>({
    resolver: zodResolver(PoolPolicyBodySchema),
    defaultValues: {
      teamId, expectedVersion: version, maxActiveClaims: rules.maxActiveClaims, autoReleaseHours: rules.autoReleaseHours,
      warnBeforeReleaseMinutes: rules.warnBeforeReleaseMinutes, distribution: rules.distribution, weights: rules.weights, dripPerHour: rules.dripPerHour,
      offerTimeoutMinutes: rules.offerTimeoutMinutes,
    },
  });
  const weights = useFieldArray({ control, name: 'weights' });
  const distribution = watch('distribution');
  const agents = (people.data ?? []).filter((u) => u.role !== 'manager' && (teamId === null || u.teamId === teamId));

  const submit = handleSubmit((body) => save.mutate(body, {
    onSuccess: ({ version: saved }) => toast({ title: 'Pool rules saved', description: `Version ${saved} applies from now.`, variant: 'success' }),
    onError: (error) => {
      if (isApiError(error, 409)) {
        toast({ title: 'The rules changed meanwhile', description: 'Someone saved the pool rules since you opened them. Review them and save again.', variant: 'destructive' });
        return;
      }
      if (error instanceof ApiError && (error.body?.errors?.length ?? 0) > 0) {
        for (const { field, message } of error.body?.errors ?? []) setError(field as FieldPath<PoolPolicyBody>, { message });
        return;
      }
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to save the pool rules. Please try again.', variant: 'destructive' });
    },
  }));

  return (
    <form onSubmit={submit} noValidate aria-label={teamId === null ? 'The floor’s pool rules' : 'The team’s pool rules'} className="flex flex-col gap-5">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label="Most active leads per agent" hint="Claimed, contacted and qualified leads count. Empty: no cap." error={errors.maxActiveClaims?.message}>
          {(c) => <NumberField {...c} control={control} name="maxActiveClaims" min={1} step="1" placeholder="No cap" />}
        </FormField>
        <FormField label="Auto-release after (hours)" hint="A lead still only claimed this long goes back to the pool. Empty: never." error={errors.autoReleaseHours?.message}>
          {(c) => <NumberField {...c} control={control} name="autoReleaseHours" min={0} step="any" placeholder="Never" />}
        </FormField>
        <FormField label="Warn the holder before (minutes)" hint="0: no warning." error={errors.warnBeforeReleaseMinutes?.message}>
          {(c) => <NumberField {...c} control={control} name="warnBeforeReleaseMinutes" empty={0} min={0} step="1" />}
        </FormField>
        <FormField label="Imported leads per hour" hint="Drip release of imports. Empty: at once." error={errors.dripPerHour?.message}>
          {(c) => <NumberField {...c} control={control} name="dripPerHour" min={1} step="1" placeholder="At once" />}
        </FormField>
        <FormField label="Distribution" error={errors.distribution?.message}
          hint={teamId === null
            ? 'Round-robin and weighted offer each new lead to one available agent in turn (leads of a type no team works).'
            : 'Round-robin and weighted offer each new lead of the type this team works to one of its available agents in turn.'}>
          {(c) => (
            <Controller control={control} name="distribution" render={({ field }) => (
              <Select {...c} {...field}>
                {Object.entries(DISTRIBUTION_LABELS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
              </Select>
            )} />
          )}
        </FormField>
        {distribution !== 'first_come' && (
          <FormField label="Offer answer time (minutes)" hint="Then the offer moves on to the next agent." error={errors.offerTimeoutMinutes?.message}>
            {(c) => <NumberField {...c} control={control} name="offerTimeoutMinutes" empty={5} min={0.05} step="any" />}
          </FormField>
        )}
      </div>
      {distribution === 'weighted' && (
        <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-4">
          <legend className="px-1 text-sm font-medium text-foreground">Weights</legend>
          <p className="text-xs text-muted">An agent with weight 2 is offered twice as many leads as one with weight 1; agents not listed weigh 1.</p>
          {weights.fields.length === 0 && <p className="text-sm text-muted">No weights yet: everyone weighs the same.</p>}
          <ul className="flex flex-col gap-2">
            {weights.fields.map((w, i) => (
              <li key={w.id} className="flex items-start gap-2">
                <div className="min-w-0 flex-1">
                  <Controller control={control} name={`weights.${i}.userId`} render={({ field }) => (
                    <Select aria-label={`Agent ${i + 1}`} name={field.name} value={String(field.value)} onChange={(e) => field.onChange(Number(e.target.value))}
                      aria-invalid={Boolean(errors.weights?.[i]?.userId)}>
                      {!agents.some((a) => a.id === field.value) && <option value={field.value}>User {field.value}</option>}
                      {agents.map((a) => <option key={a.id} value={a.id}>{a.fullName}</option>)}
                    </Select>
                  )} />
                  {errors.weights?.[i]?.userId && <p className="mt-1 text-xs font-medium text-destructive-text">{errors.weights[i]?.userId?.message}</p>}
                </div>
                <div className="w-24">
                  <NumberField control={control} name={`weights.${i}.weight`} empty={1} id={`weight-${w.id}`} aria-label={`Weight ${i + 1}`} min={1} step="1"
                    aria-invalid={Boolean(errors.weights?.[i]?.weight)} />
                </div>
                <Button variant="ghost" size="icon" aria-label={`Remove weight ${i + 1}`} onClick={() => weights.remove(i)}><Trash2 aria-hidden /></Button>
              </li>
            ))}
          </ul>
          <div>
            <Button variant="secondary" size="sm" disabled={agents.length === 0}
              onClick={() => weights.append({ userId: agents.find((a) => !weights.fields.some((f) => f.userId === a.id))?.id ?? agents[0]!.id, weight: 2 })}>
              <Plus aria-hidden />Add an agent
            </Button>
          </div>
        </fieldset>
      )}
      <div className="flex flex-col-reverse gap-3 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="min-w-0 flex-1 text-xs text-muted">
          {provenance}{rules.version > 0 ? ` · version ${rules.version}` : ''}
          {rules.updatedAt ? `, changed ${formatDateTime(rules.updatedAt)}${rules.updatedByName ? ` by ${rules.updatedByName}` : ''}` : ''}
        </p>
        <div className="flex shrink-0 flex-wrap justify-end gap-2">
          {aside}
          <Button type="submit" disabled={save.isPending || (!isDirty && teamId === null)}>{save.isPending ? 'Saving...' : 'Save rules'}</Button>
        </div>
      </div>
    </form>
  );
}
