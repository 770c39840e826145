import { readFileSync } from 'node:fs';
// Astro's own Markdown processor (astro depends on it at an exact version), so the test sees the HTML the build does.
import { createSatteriMarkdownProcessor } from '@astrojs/markdown-satteri';
import { describe, expect, it } from 'vitest';
import { fillPageNumbers } from '../../../src/content/lib/page-numbers.ts';
import {
  PASSPORT_RETENTION_DAYS,
  REFUND_ACCOUNT_RETENTION_DAYS,
  SECURITY_LOG_RETENTION_DAYS,
} from '../../../src/domain/retention.ts';

const source = (path: string) => readFileSync(new URL(`../../../src/${path}`, import.meta.url), 'utf8');
const policy = (locale: string) => source(`content/pages/${locale}/privacy-policy.md`);

/** The page's body as the build renders it, then filled as ContentPage fills it, as plain text. */
async function renderedText(locale: string): Promise<string> {
  const processor = await createSatteriMarkdownProcessor({ syntaxHighlight: false });
  const { code } = await processor.render(policy(locale).replace(/^---\n[\s\S]*?\n---\n/, ''));
  return fillPageNumbers(code)
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ');
}

const promises = {
  en: [
    `until ${PASSPORT_RETENTION_DAYS} days after the last travel date`,
    `Refund bank details: deleted ${REFUND_ACCOUNT_RETENTION_DAYS} days after the refund is paid`,
    `They are deleted ${REFUND_ACCOUNT_RETENTION_DAYS} days after the refund is paid`,
    `Security logs with IP addresses: ${SECURITY_LOG_RETENTION_DAYS} days`,
  ],
  id: [
    `hingga ${PASSPORT_RETENTION_DAYS} hari setelah tanggal perjalanan terakhir`,
    `Data rekening pengembalian dana: dihapus ${REFUND_ACCOUNT_RETENTION_DAYS} hari setelah`,
    `Data ini dihapus ${REFUND_ACCOUNT_RETENTION_DAYS} hari setelah pengembalian dana dibayarkan`,
    `Log keamanan beserta alamat IP: ${SECURITY_LOG_RETENTION_DAYS} hari`,
  ],
};

describe('the privacy policy’s retention periods', () => {
  it.each(['en', 'id'] as const)('in %s, say the numbers the erasure jobs use', async (locale) => {
    const text = await renderedText(locale);
    expect(promises[locale].filter((promise) => !text.includes(promise))).toEqual([]);
    expect(text).not.toMatch(/\{\w+\}/);
  });

  it.each(['en', 'id'])('in %s, are placeholders in the Markdown, never a number written again', (locale) => {
    const text = policy(locale);
    // A period written as a number beside its unit ("90 days", "90 hari") would drift from the constant.
    const periods = [PASSPORT_RETENTION_DAYS, REFUND_ACCOUNT_RETENTION_DAYS, SECURITY_LOG_RETENTION_DAYS];
    const literal = new RegExp(`\\b(${[...new Set(periods)].join('|')})\\s*(days?|hari)\\b`, 'i');
    expect(text).not.toMatch(literal);
    for (const name of ['passportRetentionDays', 'refundAccountRetentionDays', 'securityLogRetentionDays'])
      expect(text).toContain(`{${name}}`);
  });

  it('are filled by the one component that renders every content page', () => {
    const page = source('components/ContentPage.astro');
    expect(page).toMatch(/fillPageNumbers\(page\.rendered\?\.html/);
    expect(page).toContain('set:html={html}');
    expect(page).not.toContain('<Content');
  });
});

describe('filling a page’s numbers', () => {
  it('replaces each placeholder it knows, and refuses one it does not', () => {
    expect(fillPageNumbers('<li>{a} and {b} days</li>', { a: 1, b: 2 })).toBe('<li>1 and 2 days</li>');
    expect(() => fillPageNumbers('<li>{passportRetentionDay} days</li>')).toThrow(/passportRetentionDay/);
  });
});
