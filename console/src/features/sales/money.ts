import { percentToBasisPoints } from '@leadfloor/contracts';
import { formatCurrency } from '../../lib/format-number';

/** Integer cents in spec 9's currency format (en-US USD, no decimals): 123456 → '$1,235'. */
export const formatCents = (cents: number): string => formatCurrency(cents / 100);

/** A rate as people read it: 3 → '3%', 3.25 → '3.25%'. */
export const formatRate = (percent: number): string => `${Number(percent.toFixed(2))}%`;

// '12500', '12,500', '$12,500.5', '12500.50': digits (optionally grouped by commas) and up to two decimals.
const DOLLARS = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * What someone typed as a dollar amount, in integer cents (the API's unit), or null when it
 * is not one. Worked on the digits, never through floating point, so '0.29' is 29 cents.
 */
export function dollarsToCents(text: string): number | null {
  const match = DOLLARS.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]!.replaceAll(',', ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const total = whole * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

/**
 * The commission the server will compute, for showing before the sale is sent: amount × rate,
 * rounded half up to the cent (the server's figure is the one recorded).
 */
export const estimateCommissionCents = (amountCents: number, ratePercent: number): number =>
  Math.floor((amountCents * percentToBasisPoints(ratePercent) + 5_000) / 10_000);
