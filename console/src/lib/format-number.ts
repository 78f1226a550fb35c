// Spec 9: en-US USD with no decimals. Formatters are built once; Intl construction is slow.
const currency = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
const count = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** Whole dollars, e.g. '$12,400'. */
export const formatCurrency = (dollars: number): string => currency.format(dollars);
/** Grouped integer, e.g. '1,204'. */
export const formatCount = (n: number): string => count.format(n);
/** A percentage already on the 0–100 scale, e.g. 12.5 → '12.5%'. */
export const formatPercent = (value: number): string => `${percent.format(value)}%`;
