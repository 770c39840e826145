import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keepOwnScriptHashes } from '../../../scripts/page-csp.ts';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const page = (policy: string, body: string) =>
  `<html><head><meta http-equiv="content-security-policy" content="${policy}"></head><body>${body}</body></html>`;

describe("a pre-rendered page's CSP", () => {
  it('keeps the hashes of its own inline scripts and drops the others', () => {
    const own = 'document.documentElement.dataset.theme="dark"';
    const policy = `default-src 'self';img-src 'self' data:; script-src 'self' ${hash(own)} ${hash('other()')}; style-src 'self' ${hash('')};`;
    const trimmed = keepOwnScriptHashes(
      page(policy, `<script>${own}</script><script type="module">${own}</script>`),
    );
    expect(trimmed).toContain(`script-src 'self' ${hash(own)};`);
    expect(trimmed).not.toContain(hash('other()'));
    expect(trimmed).toContain(`default-src 'self';img-src 'self' data:;`);
    expect(trimmed).toContain(`style-src 'self' ${hash('')};`);
  });

  it("keeps 'self' for a page without inline scripts, and leaves a page without a CSP as it is", () => {
    expect(keepOwnScriptHashes(page(`script-src 'self' ${hash('x()')}`, '<p>Hi</p>'))).toContain(
      `content=" script-src 'self'"`,
    );
    expect(keepOwnScriptHashes('<p>No policy</p>')).toBe('<p>No policy</p>');
  });
});
