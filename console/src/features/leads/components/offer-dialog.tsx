import { Link } from 'react-router';
import { MapPin } from 'lucide-react';
import type { z } from 'zod';
import type { MyOffersResponseSchema } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { isApiError, serverMessage } from '../../../lib/api';
import { LEAD_TYPE_LABELS } from '../../../lib/lead-type-labels';
import type { useAnswerOffer } from '../api/pool-distribution-mutations';
import { offerCountdown } from '../offer-countdown';
import { DISTRIBUTION_LABELS } from '../pool-rules-labels';

type Offer = z.infer<typeof MyOffersResponseSchema>['offers'][number];
// The answer's mutation lives in the offer center, which stays mounted once the offer is gone:
// the reply's toast still shows after the list drops the offer it answered.
type OfferDialogProps = { offer: Offer; now: Date; waitingCount: number; answer: ReturnType<typeof useAnswerOffer>; onHide: () => void };

/** The offer center's dialog: one running offer, its countdown, Accept (the claim) and Pass. */
export function OfferDialog({ offer, now, waitingCount, answer, onHide: hide }: OfferDialogProps) {
  const left = offerCountdown(offer.offeredAt, offer.expiresAt, now);
  const reply = (kind: 'accept' | 'pass') => answer.mutate({ leadId: offer.leadId, answer: kind }, {
    onSuccess: () => toast(kind === 'accept'
      ? { title: 'Lead claimed', description: `${offer.name} is yours now.`, variant: 'success' }
      : { title: 'Offer passed', description: `${offer.name} goes to the next agent.` }),
    onError: (error) => {
      const gone = isApiError(error, 409) || isApiError(error, 403);
      toast({
        title: gone ? 'No longer yours to take' : 'Error',
        description: serverMessage(error) ?? 'Could not answer the offer. Please try again.',
        variant: 'destructive',
      });
      if (gone) hide();
    },
  });
  return (
    <Dialog
      open
      onClose={hide}
      maxWidth="max-w-[440px]"
      title="New lead offered to you"
      description={`${DISTRIBUTION_LABELS[offer.distribution]}: answer before the time runs out, or it moves on to the next agent.`}
    >
      <div className="flex flex-col gap-4">
        <div className="rounded-xl border border-border bg-surface-muted/50 p-4">
          <p className="text-base font-semibold text-foreground">
            <Link to={`/leads/${offer.leadId}`} onClick={hide} className="hover:underline">{offer.name}</Link>
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-x-1.5 text-sm text-muted">
            <span>{LEAD_TYPE_LABELS[offer.leadType] ?? offer.leadType}</span>
            <span aria-hidden>·</span>
            <span className="inline-flex items-center gap-0.5"><MapPin aria-hidden className="size-3.5" />{offer.city}, {offer.state}</span>
          </p>
        </div>
        <div>
          <div className="flex items-baseline justify-between text-sm">
            <span className="text-muted">Time left</span>
            <span className="font-mono text-lg font-semibold tabular-nums text-foreground" role="timer" aria-live="off" aria-label={`Time left ${left.label}`}>{left.label}</span>
          </div>
          <div className="mt-2 h-2 overflow-hidden rounded-full bg-surface-muted" aria-hidden>
            <div className="h-full rounded-full bg-primary transition-[width] duration-1000 ease-linear" style={{ width: `${(1 - left.spent) * 100}%` }} />
          </div>
        </div>
        {waitingCount > 1 && <p className="text-xs text-muted">{waitingCount - 1} more offer{waitingCount === 2 ? '' : 's'} waiting after this one.</p>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={answer.isPending} onClick={() => reply('pass')}>Pass</Button>
          <Button disabled={answer.isPending} onClick={() => reply('accept')}>Accept</Button>
        </div>
      </div>
    </Dialog>
  );
}
