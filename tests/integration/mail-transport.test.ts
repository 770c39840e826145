import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer, type MailMessage } from '../../src/server/mail/transport.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts';

const from = 'Segara Ferry <tickets@segaraferry.example>';
const pdf = new TextEncoder().encode('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj <<>> endobj\n%%EOF\n');
const message: MailMessage = {
  to: 'siti@example.com',
  subject: 'Your e-tickets - booking K7M4QX',
  text: 'Hello Siti,\nTotal: Rp 1.574.500 – Batam Centre to HarbourFront, 09:00 WIB',
  html: '<p>Hello Siti,</p><p>Total: <b>Rp 1.574.500</b> – Batam Centre to HarbourFront, 09:00 WIB</p>',
  attachments: [{ filename: 'e-ticket-K7M4QX.pdf', content: pdf, contentType: 'application/pdf' }],
};

interface Part {
  headers: Map<string, string>;
  body: string;
}

/** A MIME entity: unfolded headers (lower-case names) and the body as sent. */
function parseEntity(raw: string): Part {
  const split = raw.indexOf('\r\n\r\n');
  expect(split, 'a blank CRLF line ends the headers').toBeGreaterThan(0);
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(split + 4) };
}

/** The leaf parts of a (nested) multipart entity. */
function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  const sections = part.body.split(`--${boundary}`);
  expect(sections.at(-1)?.startsWith('--'), 'the closing boundary is there').toBe(true);
  return sections.slice(1, -1).flatMap((section) => leaves(parseEntity(section.replace(/^\r\n/, ''))));
}

function decode(part: Part): Buffer {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const body = part.body.replace(/\r\n$/, '');
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1');
  }
  return Buffer.from(body, 'utf8');
}

/** Asserts the raw RFC 822 message carries the subject, To, text and HTML alternatives and the PDF. */
function expectWholeMessage(raw: string, id: string) {
  expect(raw).not.toMatch(/[^\r]\n/);
  const root = parseEntity(raw);
  expect(root.headers.get('subject')).toBe(message.subject);
  expect(root.headers.get('to')).toBe(message.to);
  expect(root.headers.get('from')).toBe(from);
  expect(root.headers.get('message-id')).toBe(id);
  expect(root.headers.get('content-type')).toMatch(/^multipart\/mixed/);
  const parts = leaves(root);
  const byType = (type: string) => parts.find((p) => p.headers.get('content-type')?.startsWith(type));
  const text = byType('text/plain');
  const html = byType('text/html');
  const attachment = byType('application/pdf');
  if (!text || !html || !attachment)
    throw new Error(`parts: ${parts.map((p) => p.headers.get('content-type')).join()}`);
  // Text in MIME is canonical: its line breaks travel as CRLF.
  const lines = (part: Part) => decode(part).toString('utf8').replaceAll('\r\n', '\n');
  expect(lines(text)).toBe(message.text);
  expect(lines(html)).toBe(message.html);
  expect(attachment.headers.get('content-disposition')).toMatch(
    /^attachment; filename=e-ticket-K7M4QX\.pdf$/,
  );
  expect(new Uint8Array(decode(attachment))).toEqual(pdf);
}

describe('mailer without SMTP_URL: the outbox folder', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'segara-outbox-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates the folder and writes each message as a complete .eml file', async () => {
    const outboxDir = join(dir, 'data', 'outbox');
    const mailer = createMailer({ outboxDir, from });
    const first = await mailer.send(message);
    const second = await mailer.send(message);
    expect(first.id).not.toBe(second.id);

    const files = (await readdir(outboxDir)).sort();
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{12}\.eml$/);
    }
    const raws = await Promise.all(files.map((file) => readFile(join(outboxDir, file), 'utf8')));
    const ids = raws.map((raw) => parseEntity(raw).headers.get('message-id'));
    expect(ids.sort()).toEqual([first.id, second.id].sort());
    for (const raw of raws) expectWholeMessage(raw, parseEntity(raw).headers.get('message-id') ?? '');
  });
});

describe('mailer with SMTP_URL', () => {
  let server: TestSmtpServer;
  afterEach(async () => {
    await server.close();
  });

  it('hands the message to the SMTP server', async () => {
    server = await startSmtpServer();
    const outboxDir = join(tmpdir(), 'segara-outbox-never-written');
    const mailer = createMailer({ smtpUrl: server.url, outboxDir, from });
    const { id } = await mailer.send(message);

    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail?.from).toBe('tickets@segaraferry.example');
    expect(mail?.to).toEqual(['siti@example.com']);
    expectWholeMessage(mail?.raw ?? '', id);
    await expect(readdir(outboxDir)).rejects.toThrow(/ENOENT/);
  });

  it('rejects when the server refuses the recipient, so the caller can retry later', async () => {
    server = await startSmtpServer({ rejectRecipients: true });
    const mailer = createMailer({ smtpUrl: server.url, outboxDir: tmpdir(), from });
    await expect(mailer.send(message)).rejects.toThrow(/550|recipient/i);
    expect(server.received).toHaveLength(0);
  });
});
