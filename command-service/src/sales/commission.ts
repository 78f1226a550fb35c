
/**
 * amount × rate in integer cents, rounded half up to the nearest cent
 * ($1,234.56 at 3.25 % = 4,012.32 cents, kept as 4,012). Exact for any amount the API accepts
 * (at most 10^11 cents): the product stays below 2^53.
 */
export function commissionCents(amountCents: number, rateBasisPoints: number): number {
  return Math.floor((amountCents * rateBasisPoints + 5_000) / 10_000);
}
