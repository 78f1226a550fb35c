import { z } from 'zod';
import { PercentRateSchema, RecordSaleBodySchema, type RecordSaleBody } from '@leadfloor/contracts';
import { dollarsToCents, formatCents } from '../../lib/dollars';

const AmountCents = RecordSaleBodySchema.shape.amountCents;
const exactDollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

/** The contract's own bounds, read from its answer (zod's bound getters are left out of the console build). */
function amountProblem(cents: number): string | null {
  const checked = AmountCents.safeParse(cents);
  if (checked.success) return null;
  const issue = checked.error.issues[0];
  if (issue?.code === 'too_small') return `The amount must be at least ${exactDollars(Number(issue.minimum))}`;
  if (issue?.code === 'too_big') return `The amount can be at most ${formatCents(Number(issue.maximum))}`;
  return 'Enter the amount in dollars, e.g. 12500 or 12,500.50';
}

/** What the Record Sale form holds: text as typed (dollars, a percent), turned into the API's units. */
export type RecordSaleFormValues = { amount: string; commissionRate: string; notes: string };

/**
 * The Record Sale form's checks, built from the body schema the server validates
 * (RecordSaleBodySchema): its amount bounds, its rate rule (PercentRateSchema) and its notes.
 * Amounts are typed in dollars and leave as integer cents.
 */
export const RecordSaleFormSchema = z.object({
  amount: z.string().transform((text, ctx) => {
    if (!text.trim()) {
      ctx.addIssue({ code: 'custom', message: 'Sale amount is required' });
      return z.NEVER;
    }
    const cents = dollarsToCents(text);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: 'Enter the amount in dollars, e.g. 12500 or 12,500.50' });
      return z.NEVER;
    }
    const problem = amountProblem(cents);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return cents;
  }),
  commissionRate: z.string().transform((text, ctx) => {
    if (!text.trim()) return undefined;
    const rate = PercentRateSchema.safeParse(Number(text));
    if (!/^\d+(\.\d+)?$/.test(text.trim()) || !rate.success) {
      ctx.addIssue({ code: 'custom', message: 'Enter a rate from 0 to 100 with at most two decimals' });
      return z.NEVER;
    }
    return rate.data;
  }),
  notes: z.string().max(5_000, 'Notes can be at most 5,000 characters'),
});
export type RecordSaleFormOutput = z.output<typeof RecordSaleFormSchema>;

/**
 * POST /api/sales's body. The rate goes only when a manager changed it: left at the plan's
 * rate, the sale keeps "from the team's plan" as its source (the server rejects an agent's rate).
 */
export function toRecordSaleBody(
  values: RecordSaleFormOutput,
  { leadId, planRate, canSetRate }: { leadId: number; planRate: number | undefined; canSetRate: boolean },
): z.output<typeof RecordSaleBodySchema> {
  const rate = canSetRate && values.commissionRate !== undefined && values.commissionRate !== planRate ? values.commissionRate : undefined;
  const body: RecordSaleBody = { leadId, amountCents: values.amount, notes: values.notes, ...(rate === undefined ? {} : { commissionRate: rate }) };
  return RecordSaleBodySchema.parse(body);
}

/** The form's field for a server field error (`amountCents` is typed as `amount`). */
export const formFieldOf = (field: string): keyof RecordSaleFormValues | null =>
  field === 'amountCents' ? 'amount' : field === 'commissionRate' || field === 'notes' ? field : null;
