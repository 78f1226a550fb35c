import { PLANS } from '@leadfloor/contracts';
import { describe, expect, it } from 'vitest';
import { monthlyTotalLabel, priceLabel, seatPrice, seatRangeLabel, seatUsageLabel, suggestedSeats } from './plan-labels';

const usage = (seatsUsed: number, plan: 'free' | 'team' | 'floor', seats: number) => ({ seatsUsed, includes: { plan, seats, features: [] } });

describe('plan labels', () => {
  it('says prices per seat and month, and Free for nothing', () => {
    expect(priceLabel(PLANS.free)).toBe('Free');
    expect(priceLabel(PLANS.team)).toBe('$29 per seat / month');
    expect(seatPrice(PLANS.free)).toBe('$0');
    expect(monthlyTotalLabel(PLANS.floor, 40)).toBe('$960 / month');
  });
  it('says seats as a number or a range, and how many are used', () => {
    expect(seatRangeLabel(PLANS.free)).toBe('3 seats');
    expect(seatRangeLabel(PLANS.team)).toBe('5 to 25 seats');
    expect(seatUsageLabel(usage(3, 'free', 3))).toBe('3 of 3 seats used');
  });
  it("suggests the seats in force for the current plan, else enough for who holds one, within the plan's range", () => {
    expect(suggestedSeats(PLANS.team, usage(4, 'team', 12))).toBe(12);
    expect(suggestedSeats(PLANS.team, usage(3, 'free', 3))).toBe(5);
    expect(suggestedSeats(PLANS.team, usage(30, 'floor', 40))).toBe(25);
    expect(suggestedSeats(PLANS.floor, usage(11, 'floor', 100))).toBe(100);
    expect(suggestedSeats(PLANS.floor, usage(3, 'free', 3))).toBe(26);
  });
});
