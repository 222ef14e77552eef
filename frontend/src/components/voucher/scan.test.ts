import { describe, expect, it } from 'vitest';
import { matchScan, normalizeScan } from './scan';

describe('normalizeScan', () => {
  it('reads the tracking code out of what a scanner or a person typed', () => {
    expect(normalizeScan('CLV7K3QX9M2')).toBe('CLV7K3QX9M2');
    expect(normalizeScan('  clv7k3qx9m2\n')).toBe('CLV7K3QX9M2');
    expect(normalizeScan('CLV 7K3 QX9 M2')).toBe('CLV7K3QX9M2');
    // A QR code or a pasted tracking link.
    expect(normalizeScan('https://colivra.ma/suivi/CLV7K3QX9M2')).toBe('CLV7K3QX9M2');
    expect(normalizeScan('https://colivra.ma/suivi/clv7k3qx9m2/?utm=sms')).toBe('CLV7K3QX9M2');
    expect(normalizeScan('   ')).toBe('');
  });
});

describe('matchScan', () => {
  const voucher = ['CLV1AAAAAAA', 'CLV2BBBBBBB', 'CLV3CCCCCCC'];

  it('hits a parcel of the voucher not scanned yet', () => {
    expect(matchScan('clv2bbbbbbb', voucher, new Set())).toEqual({ code: 'CLV2BBBBBBB', outcome: 'hit' });
    expect(matchScan('CLV1AAAAAAA', voucher, new Set(['CLV2BBBBBBB']))).toEqual({ code: 'CLV1AAAAAAA', outcome: 'hit' });
  });

  it('misses a parcel that is not on the voucher', () => {
    expect(matchScan('CLV9ZZZZZZZ', voucher, new Set())).toEqual({ code: 'CLV9ZZZZZZZ', outcome: 'miss' });
    expect(matchScan('CLV9ZZZZZZZ', [], new Set())).toEqual({ code: 'CLV9ZZZZZZZ', outcome: 'miss' });
  });

  it('says a parcel scanned twice is a duplicate, whatever the case or spacing', () => {
    expect(matchScan('CLV2BBBBBBB', voucher, new Set(['CLV2BBBBBBB']))).toEqual({ code: 'CLV2BBBBBBB', outcome: 'duplicate' });
    expect(matchScan(' clv2 bbbbbbb ', voucher, new Set(['CLV2BBBBBBB']))).toEqual({ code: 'CLV2BBBBBBB', outcome: 'duplicate' });
  });

  it('takes any code when nothing is expected (checked elsewhere), and ignores an empty scan', () => {
    expect(matchScan('CLV9ZZZZZZZ', null, new Set())).toEqual({ code: 'CLV9ZZZZZZZ', outcome: 'hit' });
    expect(matchScan('CLV9ZZZZZZZ', null, new Set(['CLV9ZZZZZZZ']))).toEqual({ code: 'CLV9ZZZZZZZ', outcome: 'duplicate' });
    expect(matchScan('', voucher, new Set())).toBeNull();
    expect(matchScan(' \t', null, new Set())).toBeNull();
  });
});
