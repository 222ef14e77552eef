import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fr } from './fr';
import { translate } from './index';
import { frScreens } from './screens.fr';
import { enWebhooks } from '../components/webhooks/messages.en';
import { frWebhooks } from '../components/webhooks/messages.fr';
import { frSupport } from '../components/support/messages.fr';
import './webhooks';

describe('webhook texts', () => {
  it('has every key in English too, none empty, none also elsewhere', () => {
    expect(Object.keys(enWebhooks).sort()).toEqual(Object.keys(frWebhooks).sort());
    for (const [key, value] of [...Object.entries(frWebhooks), ...Object.entries(enWebhooks)]) {
      expect(value.trim(), key).not.toBe('');
      for (const other of [fr, frScreens, frSupport]) expect(other, key).not.toHaveProperty(key);
    }
    expect(translate('fr', 'webhooks.event.parcel.status_changed')).toBe('Statut du colis changé');
    expect(translate('en', 'webhooks.state.paused')).toBe('Paused');
  });

  it('has every module using one of these keys import them (so they load with its chunk)', () => {
    const usage = /t\(\s*[`'"]webhooks\./;
    const offenders: string[] = [];
    const visit = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'i18n' && entry.name !== 'test') visit(file);
        } else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) {
          const source = fs.readFileSync(file, 'utf8');
          if (usage.test(source) && !source.includes("i18n/webhooks';")) offenders.push(file);
        }
      }
    };
    visit(path.resolve(__dirname, '..'));
    expect(offenders).toEqual([]);
  });
});
