import type { DOMPurify } from 'dompurify';
import { OFF_SITE_LINK_REL } from '../../domain/announcements.ts';

/**
 * The HTML an announcement may hold: what the console's editor makes (paragraphs, two heading levels, bold, italic,
 * strike, underline, code, lists, quotes, links), nothing else. No attribute but a link's address, which must be a
 * web, mail or phone address or a path on this site: no `javascript:`, no `data:`, no styles, no events, no images.
 */
const ALLOWED_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'strong',
  'em',
  's',
  'u',
  'code',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
];
// A path on this site starts with one slash, not two and not a slash and a backslash (browsers read `/\x` as `//x`).
const ALLOWED_URI = /^(?:(?:https?|mailto|tel):|\/(?![/\\]))/i;
const SITE_PATH = /^\/(?![/\\])/;

let purifier: Promise<DOMPurify> | undefined;

/**
 * DOMPurify on a jsdom window (DOMPurify's own advice for Node), made at the first use: jsdom takes a quarter of a
 * second to load, which only an admin saving an announcement should wait for, not the server's start.
 */
function purify(): Promise<DOMPurify> {
  purifier ??= Promise.all([import('dompurify'), import('jsdom')]).then(
    ([{ default: createDOMPurify }, { JSDOM }]) => {
      const instance = createDOMPurify(new JSDOM('').window);
      instance.addHook('afterSanitizeAttributes', (node) => {
        if (node.nodeName !== 'A') return;
        // A link off the site: the agency vouches for no one's page, and that page gets no handle on ours.
        if (!SITE_PATH.test(node.getAttribute('href') ?? '')) node.setAttribute('rel', OFF_SITE_LINK_REL);
      });
      return instance;
    },
  );
  return purifier;
}

/** An announcement's HTML as it may be stored and served: everything outside the allowlist removed. */
export async function sanitiseAnnouncementHtml(html: string): Promise<string> {
  const instance = await purify();
  return instance
    .sanitize(html, {
      ALLOWED_TAGS,
      ALLOWED_ATTR: ['href'],
      ALLOWED_URI_REGEXP: ALLOWED_URI,
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
    })
    .trim();
}
