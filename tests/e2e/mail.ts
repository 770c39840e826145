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
