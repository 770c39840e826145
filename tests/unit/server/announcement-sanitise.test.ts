import { describe, expect, it } from 'vitest';
import { sanitiseAnnouncementHtml } from '../../../src/server/announcements/sanitise.ts';

/** The usual strings of an XSS attempt (OWASP's filter evasion list, in short): none may survive with its script. */
const attacks = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="x.swf"></object>',
  '<embed src="x.swf">',
  '<form action="https://evil.example"><input name="password"></form>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<p onclick="alert(1)">x</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<base href="https://evil.example/">',
  '<p>ok</p><!--<script>alert(1)</script>-->',
  '"><script>alert(1)</script>',
  '<a href="//evil.example">x</a>',
  '<a href="/\\evil.example">x</a>',
  '<a href="\\\\evil.example">x</a>',
];

describe("an announcement's HTML as stored", () => {
  it.each(attacks)('drops every script, handler and unsafe address: %s', async (attack) => {
    const clean = await sanitiseAnnouncementHtml(`<p>Before</p>${attack}<p>After</p>`);
    expect(clean).not.toMatch(
      /<script|<img|<svg|<iframe|<object|<embed|<form|<input|<style|<meta|<link|<base|<math/i,
    );
    expect(clean).not.toMatch(/\son[a-z]+=|javascript:|vbscript:|data:|style=|evil\.example/i);
    expect(clean).toContain('<p>Before</p>');
  });

  it('keeps what the editor makes: headings, emphasis, lists, quotes and safe links', async () => {
    const html =
      '<h2>Rough seas</h2><h3>Today</h3><p><strong>Late</strong> and <em>slow</em>, <s>cancelled</s>, <u>u</u>, <code>BTC</code>.<br>Next</p>' +
      '<ul><li>One</li></ul><ol><li>Two</li></ol><blockquote><p>Quote</p></blockquote>' +
      '<p><a href="/schedule">Timetable</a></p>';
    expect(await sanitiseAnnouncementHtml(html)).toBe(html);
    expect(await sanitiseAnnouncementHtml('<p><a href="mailto:cs@example.com">Mail</a></p>')).toBe(
      '<p><a href="mailto:cs@example.com" rel="nofollow noopener noreferrer">Mail</a></p>',
    );
  });

  it('marks links off the site and keeps no other attribute', async () => {
    expect(
      await sanitiseAnnouncementHtml(
        '<p class="x" id="y"><a href="https://bmkg.go.id" target="_blank">BMKG</a></p>',
      ),
    ).toBe('<p><a href="https://bmkg.go.id" rel="nofollow noopener noreferrer">BMKG</a></p>');
  });
});
