import { lazy } from 'react';
import type { LeadCardAction } from '../features/leads/components/lead-card-actions';

/**
 * The buttons other features put on a lead's card and page (features never import each other,
 * so they are composed here). Each is its own chunk, loaded when a card first shows it.
 */
export const LEAD_CARD_ACTIONS: readonly LeadCardAction[] = [
  lazy(() => import('../features/calls/components/log-call-action').then((m) => ({ default: m.LogCallAction }))),
  lazy(() => import('../features/sales/components/record-sale-action').then((m) => ({ default: m.RecordSaleAction }))),
];
