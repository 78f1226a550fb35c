import { percentToBasisPoints } from '@leadfloor/contracts';

/** A rate as people read it: 3 → '3%', 3.25 → '3.25%'. */
export const formatRate = (percent: number): string => `${Number(percent.toFixed(2))}%`;

/**
 * The commission the server will compute, for showing before the sale is sent: amount × rate,
 * rounded half up to the cent (the server's figure is the one recorded).
 */
export const estimateCommissionCents = (amountCents: number, ratePercent: number): number =>
  Math.floor((amountCents * percentToBasisPoints(ratePercent) + 5_000) / 10_000);
