import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney, moneyInputText, parseMoney } from './money';

describe('money in dirhams', () => {
  it('formats centimes with two decimals and DH', () => {
    expect(formatMoney(3000)).toBe('30,00\u00a0DH');
    expect(formatMoney(5)).toBe('0,05\u00a0DH');
    expect(formatMoney(123456789)).toBe('1\u202f234\u202f567,89\u00a0DH');
    expect(formatMoney(-2550)).toBe('-25,50\u00a0DH');
    expect(formatAmount(123456, 'en')).toBe('1,234.56');
  });

  it('gives the input text without thousands separator', () => {
    expect(moneyInputText(123456)).toBe('1234,56');
    expect(moneyInputText(123456, 'en')).toBe('1234.56');
    expect(moneyInputText(null)).toBe('');
  });

  it.each([
    ['30', 3000],
    ['30,5', 3050],
    ['30.50', 3050],
    ['30,', 3000],
    ['1 234,56', 123456],
    ['1\u202f234,56', 123456],
    ['25 DH', 2500],
    ['0,07', 7],
  ])('parses "%s" as %i centimes', (text, centimes) => {
    expect(parseMoney(text)).toBe(centimes);
  });

  it('answers null for nothing and NaN for what is not an amount', () => {
    expect(parseMoney('  ')).toBeNull();
    for (const text of ['abc', '-5', '1,234', '12.345', '3e2', '1,2,3']) expect(parseMoney(text)).toBeNaN();
  });

  it('round-trips every centime value without floating point drift', () => {
    for (const centimes of [0, 1, 10, 99, 100, 1999, 2000, 10000, 99999, 100000, 29, 57, 115]) {
      expect(parseMoney(moneyInputText(centimes))).toBe(centimes);
      expect(parseMoney(moneyInputText(centimes, 'en'))).toBe(centimes);
    }
  });
});
