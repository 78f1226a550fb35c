import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAnswerOffer } from '../api/pool-distribution-mutations';
import { myOffersQuery } from '../api/pool-distribution-queries';
import { useTickingClock } from '../use-ticking-clock';

// The dialog (and the dialog library under it) loads once an offer is waiting: the shell asks
// for the offers on every screen, and most of the time there is none.
const OfferDialog = lazy(() => import('./offer-dialog').then((m) => ({ default: m.OfferDialog })));

/**
 * "New lead offered to you": the first of the signed-in agent's running offers, with its
 * countdown, Accept (the claim) and Pass. Closing it only hides that offer here; it still ends
 * on its own time and moves on. The list refetches on each offer and pool change (live updates).
 */
export function OfferCenter() {
  const offers = useQuery(myOffersQuery);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const answer = useAnswerOffer();
  // Offers the list shows past their end are dropped here; the server no longer lists them.
  const now = useTickingClock((offers.data?.offers.length ?? 0) > 0 ? 1_000 : null);
  const waiting = (offers.data?.offers ?? []).filter((o) => !hidden.has(o.leadId) && Date.parse(o.expiresAt) > now.getTime());
  const offer = waiting[0];
  if (!offer) return null;
  const hide = () => setHidden((h) => new Set(h).add(offer.leadId));
  return (
    <Suspense fallback={null}>
      <OfferDialog offer={offer} now={now} waitingCount={waiting.length} answer={answer} onHide={hide} />
    </Suspense>
  );
}
