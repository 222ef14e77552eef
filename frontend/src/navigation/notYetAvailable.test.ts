import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { notYetAvailable, notYetAvailableMarkdown } from './notYetAvailable';

const file = path.resolve(__dirname, '../../NOT_YET_AVAILABLE.md');

describe('NOT_YET_AVAILABLE.md', () => {
  it('lists exactly the routes that still show the shared screen', () => {
    const expected = notYetAvailableMarkdown();
    if (process.env.UPDATE_NOT_YET_AVAILABLE) fs.writeFileSync(file, expected);
    expect(fs.readFileSync(file, 'utf8')).toBe(expected);
  });

  it('leaves the dashboards out (they are real welcome screens)', () => {
    const lists = notYetAvailable();
    expect(lists.client.map((r) => r.name)).not.toContain('dashboard');
    expect(lists.admin.map((r) => r.name)).not.toContain('dashboard');
    expect(lists['delivery-admin'].map((r) => r.name)).not.toContain('home');
    expect(lists.client).toHaveLength(0);
    expect(lists.admin).toHaveLength(0);
    expect(lists['delivery-admin']).toHaveLength(0);
  });
});
