import { describe, expect, it } from 'vitest';
import { csvLine, neutralizeCell } from './spreadsheet-cells';

describe('spreadsheet cells', () => {
  it.each(['=SUM(A1:A2)', '+1+1', '-2+3', '@cmd', '\t=1', '\r=1'])('neutralises a cell starting a formula: %j', (v) => {
    expect(neutralizeCell(v)).toBe(`'${v}`);
  });
  it('leaves ordinary text alone', () => {
    expect(neutralizeCell('Jane = Doe')).toBe('Jane = Doe');
    expect(neutralizeCell('')).toBe('');
  });
  it('quotes commas, quotes and line breaks, and neutralises inside the quotes', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', '=1+1'])).toBe('"a,b","say ""hi""","two\nlines",\'=1+1\r\n');
  });
});
