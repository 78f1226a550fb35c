import { createContext, Suspense, useContext, type ComponentType } from 'react';
import type { Lead } from '@leadfloor/contracts';

/** An action another feature puts on the lead card (e.g. Record Sale); it decides itself whether to show. */
export type LeadCardAction = ComponentType<{ lead: Lead; meId: number | undefined }>;

/**
 * The card's actions that belong to other features. Features never import each other, so
 * app/ composes them: it provides the list here, and every card renders each one beside its
 * own buttons. Each may be a lazy component; a card never waits for one.
 */
export const LeadCardActionsContext = createContext<readonly LeadCardAction[]>([]);

export function LeadCardActions({ lead, meId }: { lead: Lead; meId: number | undefined }) {
  const actions = useContext(LeadCardActionsContext);
  return actions.map((Action, index) => (
    <Suspense key={index} fallback={null}>
      <Action lead={lead} meId={meId} />
    </Suspense>
  ));
}
