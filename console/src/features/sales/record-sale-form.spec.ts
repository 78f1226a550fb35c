import { describe, expect, it } from 'vitest';
import { formFieldOf, RecordSaleFormSchema, toRecordSaleBody } from './record-sale-form';

const parse = (values: Partial<{ amount: string; commissionRate: string; notes: string }>) =>
  RecordSaleFormSchema.safeParse({ amount: '', commissionRate: '', notes: '', ...values });
const messageOf = (result: ReturnType<typeof parse>, field: string) =>
  result.success ? undefined : result.error.issues.find((i) => i.path[0] === field)?.message;

describe('the Record Sale form', () => {
  it('turns dollars into cents and an empty rate into none', () => {
    const result = parse({ amount: '12,500.50', notes: 'Signed today' });
    expect(result.success && result.data).toEqual({ amount: 1_250_050, commissionRate: undefined, notes: 'Signed today' });
  });

  it('says what is wrong with an amount', () => {
    expect(messageOf(parse({ amount: '' }), 'amount')).toBe('Sale amount is required');
    expect(messageOf(parse({ amount: 'ten' }), 'amount')).toBe('Enter the amount in dollars, e.g. 12500 or 12,500.50');
    expect(messageOf(parse({ amount: '0' }), 'amount')).toBe('The amount must be at least $0.01');
    expect(messageOf(parse({ amount: '1000000000.01' }), 'amount')).toBe('The amount can be at most $1,000,000,000');
  });

  it("checks a rate with the server's rule", () => {
    expect(parse({ amount: '5', commissionRate: '3.25' }).success).toBe(true);
    for (const bad of ['3.255', '101', '-1', 'abc']) {
      expect(messageOf(parse({ amount: '5', commissionRate: bad }), 'commissionRate'), bad).toBe('Enter a rate from 0 to 100 with at most two decimals');
    }
  });
});

describe('toRecordSaleBody', () => {
  const values = { amount: 1_000_000, commissionRate: 5, notes: '  ' };
  it("sends a manager's changed rate, and no rate when it is the plan's", () => {
    expect(toRecordSaleBody(values, { leadId: 7, planRate: 3, canSetRate: true })).toEqual({ leadId: 7, amountCents: 1_000_000, commissionRate: 5, notes: null });
    expect(toRecordSaleBody({ ...values, commissionRate: 3 }, { leadId: 7, planRate: 3, canSetRate: true })).not.toHaveProperty('commissionRate');
  });
  it("never sends an agent's rate: the plan decides", () => {
    expect(toRecordSaleBody(values, { leadId: 7, planRate: 3, canSetRate: false })).toEqual({ leadId: 7, amountCents: 1_000_000, notes: null });
  });
  it('maps server field errors onto the form', () => {
    expect(formFieldOf('amountCents')).toBe('amount');
    expect(formFieldOf('notes')).toBe('notes');
    expect(formFieldOf('leadId')).toBeNull();
  });
});
