import { describe, expect, it } from 'vitest';
import { axisTicks, bands, linearScale, linePath, niceCeiling, yAxis } from './chart-scale';

describe('niceCeiling', () => {
  it('rounds up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(10)).toBe(10);
    expect(niceCeiling(11)).toBe(20);
    expect(niceCeiling(23)).toBe(25);
    expect(niceCeiling(26)).toBe(50);
    expect(niceCeiling(0.37)).toBe(0.5);
    expect(niceCeiling(430)).toBe(500);
  });
  it('gives an empty chart an axis of 1', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(Number.NaN)).toBe(1);
  });
});

describe('axisTicks', () => {
  it('spaces ticks evenly from zero to the top', () => {
    expect(axisTicks(100)).toEqual([0, 25, 50, 75, 100]);
    expect(axisTicks(10, 2)).toEqual([0, 5, 10]);
    expect(axisTicks(2.5, 5)).toEqual([0, 0.5, 1, 1.5, 2, 2.5]);
  });
});

describe('linearScale', () => {
  it('maps a domain onto a range, downwards for SVG y', () => {
    const y = linearScale([0, 10], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(10)).toBe(0);
    expect(y(2.5)).toBe(150);
  });
  it('puts everything at the start of the range for an empty domain', () => {
    expect(linearScale([0, 0], [100, 0])(5)).toBe(100);
  });
});

describe('bands', () => {
  it('splits the width into equal steps with the bar centred in each', () => {
    expect(bands(2, 100, 0.5)).toEqual([{ start: 12.5, width: 25, center: 25 }, { start: 62.5, width: 25, center: 75 }]);
    expect(bands(0, 100)).toEqual([]);
  });
});

describe('linePath', () => {
  it('draws through the points', () => {
    expect(linePath([{ x: 0, y: 10 }, { x: 5, y: 2.25 }, { x: 10, y: 0 }])).toBe('M0 10 L5 2.3 L10 0');
  });
  it('breaks the line where a value is missing', () => {
    expect(linePath([{ x: 0, y: 1 }, null, { x: 10, y: 3 }, { x: 20, y: 4 }])).toBe('M0 1 M10 3 L20 4');
    expect(linePath([null, null])).toBe('');
  });
});

describe('yAxis', () => {
  it('keeps a fixed top, with round steps', () => {
    expect(yAxis(37, 100)).toEqual({ top: 100, ticks: [0, 25, 50, 75, 100] });
    expect(yAxis(7.2, 10)).toEqual({ top: 10, ticks: [0, 2, 4, 6, 8, 10] });
  });
  it('fits counts with whole-number ticks, never below 0-5', () => {
    expect(yAxis(2)).toEqual({ top: 5, ticks: [0, 1, 2, 3, 4, 5] });
    expect(yAxis(11)).toEqual({ top: 20, ticks: [0, 5, 10, 15, 20] });
    expect(yAxis(23)).toEqual({ top: 25, ticks: [0, 5, 10, 15, 20, 25] });
    expect(yAxis(140)).toEqual({ top: 200, ticks: [0, 50, 100, 150, 200] });
    expect(yAxis(0)).toEqual({ top: 5, ticks: [0, 1, 2, 3, 4, 5] });
  });
});
