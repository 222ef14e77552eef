import fs from 'node:fs';
import path from 'node:path';

/**
 * The source modules (tests, src/i18n and src/test aside) that use a message key matching
 * `usage` without importing the file that registers those messages (`import '…/i18n/<name>';`):
 * such a module would render before its messages arrive with its lazy chunk.
 */
export function modulesMissingMessages(usage: RegExp, registrar: string): string[] {
  const offenders: string[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'i18n' && entry.name !== 'test') visit(file);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) {
        const source = fs.readFileSync(file, 'utf8');
        if (usage.test(source) && !source.includes(`i18n/${registrar}';`)) offenders.push(file);
      }
    }
  };
  visit(path.resolve(__dirname, '..'));
  return offenders;
}
