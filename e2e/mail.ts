import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from '@playwright/test';

/** The e2e server writes every e-mail as an .eml file under DATA_DIR/mail (no SMTP_URL). */
const mailDir = resolve(import.meta.dirname, '..', process.env.E2E_DATA_DIR ?? '.tmp/e2e-data', 'mail');

const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * Waits for the e-mail to `to` sent after `since` whose text matches `pattern` (newest first) and
 * returns the match; `what` names it in the failure ("e-mail para … com /primeiro-acesso/").
 */
export const fromMail = async (to: string, pattern: RegExp, since: number, what = `e-mail para ${to}`) => {
  let found: RegExpExecArray | undefined;
  await expect
    .poll(
      () => {
        let names: string[] = [];
        try {
          names = readdirSync(mailDir).filter((n) => n.endsWith('.eml'));
        } catch {
          return undefined;
        }
        for (const name of names.sort().reverse()) {
          const file = join(mailDir, name);
          if (statSync(file).mtimeMs < since - 1000) continue;
          const raw = decodeQuotedPrintable(readFileSync(file, 'utf8'));
          if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'im').test(raw)) continue;
          const match = pattern.exec(raw);
          if (match) {
            found = match;
            return match[0];
          }
        }
        return undefined;
      },
      { message: what, timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toBeTruthy();
  return found as RegExpExecArray;
};
