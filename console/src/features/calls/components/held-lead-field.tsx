import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { HELD_LEADS_LIMIT, heldLeadsQuery } from '../api/call-queries';

const status = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The lead a call from the call log was with: one of the leads the agent holds (the server logs calls only on those). */
export function HeldLeadField({ registration, error, className }: { registration: UseFormRegisterReturn; error?: string; className?: string }) {
  const held = useQuery(heldLeadsQuery);
  const leads = held.data?.leads ?? [];
  const hint = held.error
    ? "We couldn't load your leads. Close the dialog and try again."
    : held.data && leads.length === 0
      ? <>You hold no leads yet. <Link to="/leads?tab=available" className="font-medium text-primary-soft-foreground underline">Claim one in the Lead Pool</Link> first.</>
      : held.data && held.data.total > leads.length
        ? `Showing the first ${HELD_LEADS_LIMIT} of your ${held.data.total} leads, by name.`
        : 'Calls are logged on leads you hold.';
  return (
    <FormField label="Lead" hint={hint} error={error} className={className}>
      {(c) => (
        <Select {...c} {...registration} disabled={!held.data || leads.length === 0}>
          <option value="">{held.isPending ? 'Loading your leads...' : 'Choose a lead'}</option>
          {leads.map((l) => <option key={l.id} value={l.id}>{`${l.name} (${status(l.status)})`}</option>)}
        </Select>
      )}
    </FormField>
  );
}
