import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n';
import { internationalPhoneDigits, isMoroccanPhone, normalizeMoroccanPhone, phoneError } from './phone';

describe('the Moroccan phone rule (as crates/core/src/phone.rs)', () => {
  it('accepts the national and international forms, spaces, dots, dashes and brackets', () => {
    expect(normalizeMoroccanPhone('0612345678')).toBe('0612345678');
    expect(normalizeMoroccanPhone('06 12 34 56 78')).toBe('0612345678');
    expect(normalizeMoroccanPhone('(06) 12.34.56.78')).toBe('0612345678');
    expect(normalizeMoroccanPhone('+212612345678')).toBe('0612345678');
    expect(normalizeMoroccanPhone('+212 6-12-34-56-78')).toBe('0612345678');
    expect(normalizeMoroccanPhone('+2120612345678')).toBe('0612345678');
    expect(normalizeMoroccanPhone('00212712345678')).toBe('0712345678');
    expect(normalizeMoroccanPhone('0522123456')).toBe('0522123456');
  });

  it('refuses everything else', () => {
    for (const bad of ['', '0412345678', '061234567', '06123456789', '+33612345678', '06123a5678', '612345678', '+212+612345678']) {
      expect(isMoroccanPhone(bad), bad).toBe(false);
    }
  });

  it('says so for a wrong number only, an empty one being left to the required check', () => {
    const t = (key: Parameters<typeof translate>[1]) => translate('fr', key);
    expect(phoneError('0612', t)).toBe('Numéro de téléphone marocain invalide (ex. 0612345678 ou +212612345678).');
    expect(phoneError('  ', t)).toBeUndefined();
    expect(phoneError('0612345678', t)).toBeUndefined();
    expect(phoneError(null, t)).toBeUndefined();
  });
});

describe('the international digits (WhatsApp links)', () => {
  it('drops the national 0 behind 212, whatever form was typed', () => {
    expect(internationalPhoneDigits('0612345678')).toBe('212612345678');
    expect(internationalPhoneDigits('+212 7 12 34 56 78')).toBe('212712345678');
    expect(internationalPhoneDigits('0612')).toBeNull();
  });
});
