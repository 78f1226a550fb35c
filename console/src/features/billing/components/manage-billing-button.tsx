import { ExternalLink } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { useOpenPortal } from '../api/billing-mutations';

/** Stripe's customer portal (payment method, invoices, seats, cancelling): a manager's, once the floor is a customer. */
export function ManageBillingButton() {
  const portal = useOpenPortal();
  return (
    <Button variant="secondary" disabled={portal.isPending} onClick={() => portal.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => toast({ title: 'Billing portal unavailable', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' }),
    })}>
      <ExternalLink aria-hidden />
      {portal.isPending ? 'Opening...' : 'Manage billing'}
    </Button>
  );
}
