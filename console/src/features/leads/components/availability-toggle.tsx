import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast-store';
import { cx } from '../../../lib/cx';
import { serverMessage } from '../../../lib/api';
import { useSetAvailability } from '../api/pool-distribution-mutations';
import { availabilityQuery } from '../api/pool-distribution-queries';

/**
 * An agent's "Available / Away" for offered leads, in the pool's header. The dot says whether
 * offers reach them now: available, with a console connected, on a floor that offers leads.
 */
export function AvailabilityToggle() {
  const id = useId();
  const availability = useQuery(availabilityQuery);
  const save = useSetAvailability();
  if (!availability.data) return null;
  const { status, receivesOffers, distribution, present } = availability.data;
  const available = (save.isPending ? save.variables : status) === 'available';
  const note = distribution === 'first_come'
    ? 'The floor is first come, first served: no offers right now'
    : !available ? 'You get no offered leads while away'
      : present ? 'New leads are offered to you in turn' : 'Connecting…';
  return (
    <div className="flex items-center gap-2 rounded-lg border border-border bg-surface px-3 py-1.5" title={note}>
      <span aria-hidden className={cx('size-2 shrink-0 rounded-full', receivesOffers ? 'bg-success' : 'bg-border')} />
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap text-foreground">
        {available ? 'Available' : 'Away'}
      </label>
      <Switch
        id={id}
        aria-describedby={`${id}-note`}
        checked={available}
        disabled={save.isPending}
        onCheckedChange={(on) => save.mutate(on ? 'available' : 'away', {
          onError: (error) => toast({ title: 'Error', description: serverMessage(error) ?? 'Could not change your availability.', variant: 'destructive' }),
        })}
      />
      <span id={`${id}-note`} className="sr-only">{note}</span>
    </div>
  );
}
