import { describe, expect, it } from 'vitest';
import { rupeesOf, textCell } from './tax-report-csv';

describe('the GST report’s CSV cells', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [123_456, '1234.56'],
    [100, '1.00'],
    [-5, '-0.05'],
    [-10_050, '-100.50'],
  ])('%i paise are %s rupees', (paise, rupees) => {
    expect(rupeesOf(paise)).toBe(rupees);
  });

  it.each([
    ['Karnataka', 'Karnataka'],
    ['=1+1', "'=1+1"],
    ['+91', "'+91"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['=A1,"x"', `"'=A1,""x"""`],
  ])('%j is written %j', (value, cell) => {
    expect(textCell(value)).toBe(cell);
  });
});
