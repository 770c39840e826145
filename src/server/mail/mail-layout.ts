import { telHref, whatsappHref } from '../../content/lib/contact-links.ts';
import type { Locale } from '../../i18n/locales.ts';
import { translate } from '../../i18n/translate.ts';
import { agencyOffice } from '../agency-contacts.ts';

/** A label and its value; `strong` values (codes, amounts, deadlines) stand out in the HTML part. */
export type Row = [label: string, value: string, strong?: boolean];

/** One mail body, rendered twice: the text and HTML parts cannot drift apart. */
export type Block =
  | { kind: 'heading' | 'subheading' | 'paragraph'; text: string }
  | { kind: 'rows'; rows: Row[] }
  | { kind: 'list'; items: string[] }
  | { kind: 'link'; label: string; url: string }
  /** Secondary links side by side (a map, a calendar file): plain text links, not buttons. */
  | { kind: 'links'; links: { label: string; url: string }[] };

/** What the whole mail is about: the agency's WhatsApp link opens with its booking code typed. */
export interface MailSubjectMatter {
  bookingCode?: string;
}

/** `&<>"'` as entities: every value put into the HTML part goes through this. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The subject with the text part and the HTML part of the same blocks, each closed by the agency's contacts. */
export function renderMail(
  locale: Locale,
  subject: string,
  blocks: Block[],
  about: MailSubjectMatter = {},
): { subject: string; text: string; html: string } {
  const withContacts = [...blocks, agencyContacts(locale, about)];
  return { subject, text: renderText(locale, withContacts), html: renderHtml(locale, subject, withContacts) };
}

/** Every mail ends with how to reach a person: the office's phone and WhatsApp. */
function agencyContacts(locale: Locale, about: MailSubjectMatter): ContactsBlock {
  const office = agencyOffice();
  const whatsappText = about.bookingCode
    ? translate('whatsapp_booking_text', locale, { code: about.bookingCode })
    : undefined;
  return {
    kind: 'contacts',
    intro: translate('trip_mail_help', locale),
    links: [
      { label: translate('counter_phone', locale), value: office.phone, url: telHref(office.phone) },
      ...(office.whatsapp
        ? [
            {
              label: translate('counter_whatsapp', locale),
              value: office.whatsapp,
              url: whatsappHref(office.whatsapp, whatsappText),
            },
          ]
        : []),
    ],
  };
}

/** The layout's own closing block: not for the mails to place, so not a `Block`. */
interface ContactsBlock {
  kind: 'contacts';
  intro: string;
  links: { label: string; value: string; url: string }[];
}
type ClosingBlock = Block | ContactsBlock;

function renderText(locale: Locale, blocks: ClosingBlock[]): string {
  const brand = translate('brand_name', locale);
  const parts = blocks.map((block) => {
    switch (block.kind) {
      case 'heading':
        return `${block.text.toUpperCase()}\n${'-'.repeat(block.text.length)}`;
      case 'subheading':
      case 'paragraph':
        return block.text;
      case 'rows':
        return block.rows.map(([label, value]) => (label ? `${label}: ${value}` : value)).join('\n');
      case 'list':
        return block.items.map((item) => `- ${item}`).join('\n');
      case 'link':
        return `${block.label}:\n${block.url}`;
      case 'links':
        return block.links.map((link) => `${link.label}:\n${link.url}`).join('\n');
      case 'contacts':
        return ['-'.repeat(40), block.intro, ...block.links.map((l) => `${l.label}: ${l.value}`)].join('\n');
    }
  });
  return `${[`${brand}\n${'='.repeat(brand.length)}`, ...parts].join('\n\n')}\n`;
}

// Mail clients drop <style> and external CSS: tables for layout, every style inline, no images.
const colors = { brand: '#0b5d7a', text: '#1f2933', muted: '#52606d', line: '#e4e7eb', page: '#f3f5f7' };
const table = 'role="presentation" cellpadding="0" cellspacing="0" border="0"';
const cell = `padding:6px 0;border-bottom:1px solid ${colors.line};vertical-align:top;`;

function renderBlock(block: ClosingBlock): string {
  const e = escapeHtml;
  switch (block.kind) {
    case 'heading':
      return `<h2 style="margin:24px 0 8px;font-size:18px;color:${colors.brand};">${e(block.text)}</h2>`;
    case 'subheading':
      return `<h3 style="margin:16px 0 4px;font-size:15px;">${e(block.text)}</h3>`;
    case 'paragraph':
      return `<p style="margin:0 0 12px;">${e(block.text)}</p>`;
    case 'rows': {
      const rows = block.rows.map(
        ([label, value, strong]) =>
          `<tr><td width="45%" style="${cell}padding-right:12px;color:${colors.muted};">${e(label)}</td>` +
          `<td style="${cell}${strong ? 'font-weight:bold;font-size:17px;' : ''}">${e(value)}</td></tr>`,
      );
      return `<table ${table} width="100%" style="border-collapse:collapse;margin:0 0 12px;">${rows.join('')}</table>`;
    }
    case 'list': {
      const items = block.items.map((item) => `<li style="margin:0 0 4px;">${e(item)}</li>`);
      return `<ul style="margin:0 0 12px;padding-left:20px;">${items.join('')}</ul>`;
    }
    case 'link': {
      const button = [
        'display:inline-block;padding:10px 18px;border-radius:4px;',
        `background:${colors.brand};color:#ffffff;font-weight:bold;text-decoration:none;`,
      ].join('');
      const fallback = `margin:0 0 12px;font-size:13px;color:${colors.muted};word-break:break-all;`;
      return (
        `<p style="margin:16px 0;"><a href="${e(block.url)}" style="${button}">${e(block.label)}</a></p>` +
        `<p style="${fallback}">${e(block.url)}</p>`
      );
    }
    case 'links': {
      const links = block.links.map(
        (link) => `<a href="${e(link.url)}" style="color:${colors.brand};">${e(link.label)}</a>`,
      );
      return `<p style="margin:0 0 12px;">${links.join(' &middot; ')}</p>`;
    }
    case 'contacts': {
      const links = block.links.map(
        (link) =>
          `${e(link.label)}: <a href="${e(link.url)}" style="color:${colors.brand};">${e(link.value)}</a>`,
      );
      const rule = `margin:24px 0 0;padding-top:12px;border-top:1px solid ${colors.line};`;
      return `<p style="${rule}font-size:14px;color:${colors.muted};">${e(block.intro)}<br>${links.join('<br>')}</p>`;
    }
  }
}

function renderHtml(locale: Locale, subject: string, blocks: ClosingBlock[]): string {
  const e = escapeHtml;
  const card = [
    'width:100%;max-width:600px;background:#ffffff;',
    `border:1px solid ${colors.line};font-family:Arial,Helvetica,sans-serif;`,
    `font-size:15px;line-height:1.5;color:${colors.text};`,
  ].join('');
  const banner = `padding:16px 24px;background:${colors.brand};color:#ffffff;font-size:20px;font-weight:bold;`;
  return [
    `<!doctype html>`,
    `<html lang="${e(locale)}"><head><meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${e(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${colors.page};">`,
    `<table ${table} width="100%" style="background:${colors.page};">`,
    `<tr><td align="center" style="padding:24px 12px;">`,
    `<table ${table} width="600" style="${card}">`,
    `<tr><td style="${banner}">${e(translate('brand_name', locale))}</td></tr>`,
    `<tr><td style="padding:24px;">`,
    ...blocks.map(renderBlock),
    `</td></tr></table>`,
    `</td></tr></table>`,
    `</body></html>`,
    '',
  ].join('\n');
}
