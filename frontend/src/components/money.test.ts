import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatCount, formatMoney, formatSignedMoney, moneyInputText, parseMoney } from './money';

describe('money in dirhams', () => {
  it('formats centimes with two decimals and DH', () => {
    expect(formatMoney(3000)).toBe('30,00\u00a0DH');
    expect(formatMoney(5)).toBe('0,05\u00a0DH');
    expect(formatMoney(123456789)).toBe('1\u202f234\u202f567,89\u00a0DH');
    expect(formatMoney(-2550)).toBe('\u221225,50\u00a0DH');
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

// Left-to-right isolate (LRI) and its end (PDI); the minus sign U+2212.
const LRI = '\u2066';
const PDI = '\u2069';
const MINUS = '\u2212';

describe('signed amounts', () => {
  it('writes the minus sign U+2212, never the hyphen', () => {
    for (const language of ['fr', 'en', 'ar'] as const) {
      expect(formatSignedMoney(-2000, language)).not.toContain('-');
      expect(formatMoney(-2000, language)).not.toContain('-');
      expect(formatCount(-2, language)).not.toContain('-');
    }
  });

  it('signs an amount left to right (fr, en) as it is, both signs and zero', () => {
    expect(formatSignedMoney(-2000, 'fr')).toBe(`${MINUS}20,00\u00a0DH`);
    expect(formatSignedMoney(2000, 'fr')).toBe('+20,00\u00a0DH');
    expect(formatSignedMoney(0, 'fr')).toBe('0,00\u00a0DH');
    expect(formatSignedMoney(-123456789, 'fr')).toBe(`${MINUS}1\u202f234\u202f567,89\u00a0DH`);
    expect(formatSignedMoney(-2000, 'en')).toBe(`${MINUS}20.00\u00a0DH`);
    expect(formatSignedMoney(123456, 'en')).toBe('+1,234.56\u00a0DH');
    expect(formatSignedMoney(0, 'en')).toBe('0.00\u00a0DH');
    // Without « + »: what formatMoney writes.
    expect(formatSignedMoney(2000, 'fr', false)).toBe('20,00\u00a0DH');
    expect(formatMoney(-2000, 'fr')).toBe(`${MINUS}20,00\u00a0DH`);
    expect(formatMoney(2000, 'en')).toBe('20.00\u00a0DH');
  });

  it('isolates a signed amount right to left (ar): its sign stays before its digits', () => {
    expect(formatSignedMoney(-2000, 'ar')).toBe(`${LRI}${MINUS}20,00\u00a0DH${PDI}`);
    expect(formatSignedMoney(2000, 'ar')).toBe(`${LRI}+20,00\u00a0DH${PDI}`);
    expect(formatSignedMoney(0, 'ar')).toBe(`${LRI}0,00\u00a0DH${PDI}`);
    expect(formatSignedMoney(-123456789, 'ar')).toBe(`${LRI}${MINUS}1\u202f234\u202f567,89\u00a0DH${PDI}`);
    expect(formatMoney(-2000, 'ar')).toBe(`${LRI}${MINUS}20,00\u00a0DH${PDI}`);
    expect(formatMoney(2000, 'ar')).toBe(`${LRI}20,00\u00a0DH${PDI}`);
  });

  it('signs a count the same way (a change of stock, « +3 more »)', () => {
    expect(formatCount(-2, 'fr')).toBe(`${MINUS}2`);
    expect(formatCount(3, 'fr', true)).toBe('+3');
    expect(formatCount(0, 'fr', true)).toBe('0');
    expect(formatCount(-1234, 'en', true)).toBe(`${MINUS}1,234`);
    expect(formatCount(-2, 'ar')).toBe(`${LRI}${MINUS}2${PDI}`);
    expect(formatCount(3, 'ar', true)).toBe(`${LRI}+3${PDI}`);
    expect(formatCount(3, 'ar')).toBe('3');
  });

  it('reads what it wrote, whatever its sign', () => {
    expect(parseMoney(formatMoney(2000, 'ar'))).toBe(2000);
    expect(parseMoney(formatSignedMoney(-2000, 'fr'))).toBeNaN();
  });

  it('is the one place a minus sign is written: no screen builds one of its own', () => {
    // « − » in code outside the formatter: a sign put by hand (AdjustmentDialog only reads one typed).
    const src = path.resolve(__dirname, '..');
    const files = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? files(full) : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|messages\.\w+\.ts$/.test(entry.name) ? [full] : [];
      });
    const allowed = ['components/moneyFormat.ts', 'features/inventory/AdjustmentDialog.tsx'];
    const offenders = files(src)
      .filter((file) => !file.includes(`${path.sep}i18n${path.sep}`) && !allowed.some((name) => file.endsWith(path.normalize(name))))
      .filter((file) => {
        const code = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
        return /\u2212|\\u2212/.test(code);
      })
      .map((file) => path.relative(src, file));
    expect(offenders).toEqual([]);
  });
});
