import { formatCurrency } from './format-number';

/** Integer cents in spec 9's currency format (en-US USD, no decimals): 123456 → '$1,235'. */
export const formatCents = (cents: number): string => formatCurrency(cents / 100);

/** Cents as a person would type them back into a dollar field: 1250050 → '12500.5', 1250000 → '12500'. */
export const centsToDollarText = (cents: number): string => {
  const whole = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
};

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
