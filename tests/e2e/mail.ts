import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { E2E_OUTBOX } from '../../playwright.config.ts';

/** The raw .eml files the e2e server wrote for a booking code (mail goes out right after the change). */
export async function mailsFor(code: string, count: number): Promise<string[]> {
  let found: string[] = [];
  await expect
    .poll(
      () => {
        const files = (() => {
          try {
            return readdirSync(E2E_OUTBOX).filter((name) => name.endsWith('.eml'));
          } catch {
            return [];
          }
        })();
        found = files
          .map((name) => readFileSync(join(E2E_OUTBOX, name), 'utf8'))
          .filter((raw) => raw.includes(code));
        return found.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

/** A quoted-printable body as text (the outbox's .eml files encode their text parts so). */
function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * The link to `path` (`/verify-email`, `/new-password`) in the newest mail to `to` that has one, waiting for the
 * mail job to write it; answered as a path with its query, for `page.goto`.
 */
export async function linkMailedTo(to: string, path: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const names = (() => {
          try {
            return readdirSync(E2E_OUTBOX).filter((name) => name.endsWith('.eml'));
          } catch {
            return [];
          }
        })();
        const links = names
          .sort()
          .map((name) => readFileSync(join(E2E_OUTBOX, name), 'utf8'))
          .filter((raw) => raw.includes(`To: ${to}`))
          .map((raw) =>
            new RegExp(`https?://[^\\s"<>]+${path}\\?token=[\\w.-]+`).exec(decodeQuotedPrintable(raw)),
          )
          .flatMap((match) => (match ? [match[0]] : []));
        link = links.at(-1) ?? '';
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
