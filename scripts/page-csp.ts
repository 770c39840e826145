import { createHash } from 'node:crypto';

const CSP_META = /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/i;
const INLINE_SCRIPT = /<script(?:\s[^>]*)?>([\s\S]*?)<\/script>/g;

/**
 * A pre-rendered page's CSP with only the script hashes of its own inline scripts. Astro writes the hashes of every
 * inline script it may use (the island runtime, each `client:` directive, the pages' own) into every page: ten of
 * thirteen on a content page are for scripts it does not have, ~330 bytes no compressor can shrink, in a page that
 * must fit the first round trip with an announcement on it. A hash of a script the page lacks allows nothing the page
 * needs, so removing it only tightens the policy. Other directives stay as they are.
 */
export function keepOwnScriptHashes(html: string): string {
  const meta = CSP_META.exec(html);
  if (!meta) return html;
  const own = new Set(
    [...html.matchAll(INLINE_SCRIPT)]
      .filter((script) => script[1] !== '')
      .map(
        (script) =>
          `'sha256-${createHash('sha256')
            .update(script[1] ?? '')
            .digest('base64')}'`,
      ),
  );
  const policy = (meta[2] ?? '')
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name !== 'script-src') return directive;
      const kept = sources.filter((source) => !source.startsWith("'sha256-") || own.has(source));
      return ` ${[name, ...kept].join(' ')}`;
    })
    .join(';');
  return html.replace(CSP_META, (_whole, start: string, _policy, end: string) => `${start}${policy}${end}`);
}
