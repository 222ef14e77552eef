// The e-mails the server sent during the run: the global setup points the server's SMTP at the
// mail catcher (scripts/mail-catcher.sh), which writes each e-mail it receives as
// `<seq>-<rand>.json` in the folder named by COLIVRA_E2E_MAIL_DIR.
import { expect } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';

/** One e-mail as the mail catcher wrote it. */
export interface CaughtMail {
  mail_from: string;
  rcpt_tos: string[];
  /** Header names in lower case, each with its values. */
  headers: Record<string, string[]>;
  subject: string | null;
  text: string | null;
  html: string | null;
  attachments: unknown[];
  received_at: string;
  /** The file it was read from. */
  file: string;
}

export function mailDir(): string {
  const dir = process.env.COLIVRA_E2E_MAIL_DIR;
  if (!dir) throw new Error('COLIVRA_E2E_MAIL_DIR is not set: the global setup did not start the mail catcher');
  return dir;
}

/** Every e-mail received so far, in the order received (files being written are skipped). */
export function caughtMails(): CaughtMail[] {
  const dir = mailDir();
  const mails: CaughtMail[] = [];
  const files = fs.readdirSync(dir).filter((name) => name.endsWith('.json'));
  files.sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10) || a.localeCompare(b));
  for (const name of files) {
    try {
      mails.push({ ...(JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Omit<CaughtMail, 'file'>), file: name });
    } catch {
      // Half written: read on the next look.
    }
  }
  return mails;
}

/** The e-mails sent to `address` (any case), in the order received. */
export function mailsTo(address: string): CaughtMail[] {
  const wanted = address.toLowerCase();
  return caughtMails().filter((mail) => mail.rcpt_tos.some((to) => to.toLowerCase() === wanted));
}

/**
 * Waits (15 s unless told) for an e-mail to `address` that `match` accepts, and returns it; the
 * e-mails received before `after` (a count of mailsTo(address), taken beforehand) are passed over.
 */
export async function waitForMail(
  address: string,
  { match = () => true, after = 0, timeout = 15_000 }: { match?: (mail: CaughtMail) => boolean; after?: number; timeout?: number } = {},
): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      () => {
        found = mailsTo(address).slice(after).find(match);
        return found !== undefined;
      },
      { message: `an e-mail to ${address}`, timeout, intervals: [100, 250, 500] },
    )
    .toBe(true);
  return found!;
}

/** The text of an e-mail, or its HTML when it has no text part. */
export function mailBody(mail: CaughtMail): string {
  return mail.text ?? mail.html ?? '';
}
