import { describe, expect, it } from 'vitest';
import type { QueuedOutcome } from '../../components/parcel/outcomeQueue';
import { translate, type Language, type Translate } from '../../i18n';
import { queuedNotice, syncedNotice } from './queueNotices';

const t =
  (language: Language): Translate =>
  (key, params) =>
    translate(language, key, params);

const item = (parcel: string, state: QueuedOutcome['state'] = 'pending'): QueuedOutcome => ({
  key: `key-${parcel}`,
  user: 'D1',
  parcel,
  status: 'delivered',
  body: { parcel, status: 'delivered' },
  recordedAt: '2026-11-26T10:00:00.000Z',
  state,
});

const subject = { key: 'key-K2', code: 'K2', status: 'Livré' };

describe('the notice of an outcome kept offline', () => {
  it('shows while the outcome waits, with how many wait in all when others wait beside it', () => {
    expect(queuedNotice(t('fr'), subject, [item('K2')])).toEqual({
      open: true,
      message: 'Hors ligne : « Livré » du colis K2 sera envoyé au retour du réseau.',
    });
    expect(queuedNotice(t('fr'), subject, [item('K1'), item('K2'), item('K3'), item('K4', 'failed')])).toEqual({
      open: true,
      message: 'Hors ligne : « Livré » du colis K2 sera envoyé au retour du réseau. 3 résultats en attente en tout.',
    });
    expect(queuedNotice(t('en'), subject, [item('K1'), item('K2')]).message).toBe(
      'Offline: “Livré” for parcel K2 will be sent when the network returns. 2 outcomes waiting in all.',
    );
    expect(queuedNotice(t('ar'), { ...subject, status: 'تم التسليم' }, [item('K1'), item('K2'), item('K3')]).message).toContain('3 نتائج في الانتظار إجمالًا.');
  });

  it('goes once the outcome is sent, refused or taken back, even while others still wait', () => {
    expect(queuedNotice(t('fr'), subject, []).open).toBe(false);
    expect(queuedNotice(t('fr'), subject, [item('K2', 'failed')]).open).toBe(false);
    expect(queuedNotice(t('fr'), subject, [item('K3')]).open).toBe(false);
  });
});

describe('the notice of a queue sent', () => {
  it('says how many were sent, and links to the round', () => {
    expect(syncedNotice(t('fr'), { sent: 1, refused: 0 })).toEqual({ message: '1 résultat enregistré hors ligne a été envoyé.', severity: 'success', link: 'Voir ma tournée' });
    expect(syncedNotice(t('fr'), { sent: 4, refused: 0 }).message).toBe('4 résultats enregistrés hors ligne ont été envoyés.');
    expect(syncedNotice(t('en'), { sent: 1, refused: 0 })).toEqual({ message: '1 outcome recorded offline was sent.', severity: 'success', link: 'See my round' });
    expect(syncedNotice(t('en'), { sent: 2, refused: 0 }).message).toBe('2 outcomes recorded offline were sent.');
    expect(syncedNotice(t('ar'), { sent: 1, refused: 0 })).toEqual({ message: 'أُرسلت نتيجة واحدة مسجّلة دون اتصال.', severity: 'success', link: 'عرض جولتي' });
    expect(syncedNotice(t('ar'), { sent: 2, refused: 0 }).message).toBe('أُرسلت نتيجتان مسجّلتان دون اتصال.');
    expect(syncedNotice(t('ar'), { sent: 3, refused: 0 }).message).toBe('أُرسلت 3 نتائج مسجّلة دون اتصال.');
    expect(syncedNotice(t('ar'), { sent: 11, refused: 0 }).message).toBe('أُرسلت 11 نتيجة مسجّلة دون اتصال.');
  });

  it('says how many the server refused, as a warning, and points to where they are listed', () => {
    expect(syncedNotice(t('fr'), { sent: 2, refused: 1 })).toEqual({
      message: '2 résultats enregistrés hors ligne ont été envoyés. 1 résultat a été refusé par le serveur.',
      severity: 'warning',
      link: 'Voir les refus',
    });
    expect(syncedNotice(t('fr'), { sent: 0, refused: 2 }).message).toBe('2 résultats ont été refusés par le serveur.');
    expect(syncedNotice(t('en'), { sent: 1, refused: 2 })).toEqual({
      message: '1 outcome recorded offline was sent. 2 outcomes were refused by the server.',
      severity: 'warning',
      link: 'See the refusals',
    });
    expect(syncedNotice(t('ar'), { sent: 0, refused: 1 })).toEqual({ message: 'رفض الخادم نتيجة واحدة.', severity: 'warning', link: 'عرض النتائج المرفوضة' });
  });
});

describe('the sign-in page’s count of outcomes waiting', () => {
  it('is written with the plural forms of each language', () => {
    expect(translate('fr', 'auth.login.queued', { count: 1 })).toBe('1 résultat en attente d’envoi');
    expect(translate('fr', 'auth.login.queued', { count: 3 })).toBe('3 résultats en attente d’envoi');
    expect(translate('fr', 'auth.login.queuedHint', { count: 3 })).toBe(
      'Enregistrés sans réseau sur cet appareil, ils seront envoyés dès que le livreur qui les a saisis se connectera.',
    );
    expect(translate('en', 'auth.login.queued', { count: 1 })).toBe('1 outcome waiting to be sent');
    expect(translate('en', 'auth.login.queued', { count: 2 })).toBe('2 outcomes waiting to be sent');
    expect(translate('ar', 'auth.login.queued', { count: 1 })).toBe('نتيجة واحدة في انتظار الإرسال');
    expect(translate('ar', 'auth.login.queued', { count: 2 })).toBe('نتيجتان في انتظار الإرسال');
    expect(translate('ar', 'auth.login.queued', { count: 5 })).toBe('5 نتائج في انتظار الإرسال');
    expect(translate('ar', 'auth.login.queued', { count: 12 })).toBe('12 نتيجة في انتظار الإرسال');
    expect(translate('ar', 'auth.login.queuedHint', { count: 2 })).toContain('سُجّلتا');
  });
});
