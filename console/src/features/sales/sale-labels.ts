import type { SaleStatusSchema } from '@leadfloor/contracts';
import type { z } from 'zod';
import type { BadgeTone } from '../../components/ui/badge';

export type SaleStatus = z.infer<typeof SaleStatusSchema>;

/** A commission's steps, in the order a sale goes through them (rejected ends it early). */
export const SALE_STATUSES: readonly SaleStatus[] = ['pending', 'approved', 'paid', 'rejected'];

export const SALE_STATUS_LABELS: Record<SaleStatus, string> = { pending: 'Pending', approved: 'Approved', paid: 'Paid', rejected: 'Rejected' };

const TONES: Record<SaleStatus, BadgeTone> = { pending: 'warning', approved: 'primary', paid: 'success', rejected: 'destructive' };
export const saleStatusTone = (status: SaleStatus): BadgeTone => TONES[status];

/** Where a sale's rate came from, as the table's rate column says it. */
export const rateSourceLabel = (source: 'plan' | 'manager'): string => (source === 'plan' ? "team's plan" : 'set by a manager');
