import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import { currentRequestId } from '../observability/request-scope.ts';

export interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Hands the message to SMTP (or writes it to the outbox); resolves with its Message-ID once accepted. */
  send(message: MailMessage): Promise<{ id: string }>;
}

export interface MailerConfig {
  /** `smtp://user:pass@host:587` or `smtps://...`; unset: every message becomes a `.eml` file in `outboxDir`. */
  smtpUrl?: string | undefined;
  outboxDir: string;
  /** The From header, e.g. `Segara Ferry <tickets@segaraferry.example>`. */
  from: string;
}

interface SentInfo {
  messageId: string;
  message?: Buffer | NodeJS.ReadableStream;
}

/**
 * How long one send may wait on the mail server, in all well under the mail job's 5-minute lease of a mail
 * (db/queries/mail-queue.ts): a send still hanging when its lease lapses could be sent by another process as well.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** One mailer per process: SMTP when `smtpUrl` is set, else RFC 822 `.eml` files in the outbox folder. */
export function createMailer(config: MailerConfig): Mailer {
  const transport: Transporter<SentInfo> = config.smtpUrl
    ? createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS })
    : createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  return {
    async send(message) {
      const requestId = currentRequestId();
      const info = await transport.sendMail({
        from: config.from,
        to: message.to,
        subject: message.subject,
        // The request that queued it: a bounce or a complaint quoting the headers leads to its log lines.
        ...(requestId ? { headers: { 'X-Request-Id': requestId } } : {}),
        text: message.text,
        html: message.html,
        attachments: (message.attachments ?? []).map((attachment) => ({
          filename: attachment.filename,
          content: Buffer.from(attachment.content),
          contentType: attachment.contentType,
        })),
      });
      if (!config.smtpUrl) {
        if (!Buffer.isBuffer(info.message)) throw new Error('stream transport returned no message buffer');
        await writeOutboxFile(config.outboxDir, info.message);
      }
      return { id: info.messageId };
    },
  };
}

/**
 * Writes one raw message as `<ISO timestamp>-<random>.eml` (colons as `-`, so the name is valid everywhere and
 * files sort by time). It is written under a dot-name first and renamed, so a reader never sees half a file.
 */
async function writeOutboxFile(outboxDir: string, raw: Buffer): Promise<string> {
  await mkdir(outboxDir, { recursive: true });
  const name = `${new Date().toISOString().replaceAll(':', '-')}-${randomBytes(6).toString('hex')}.eml`;
  const path = join(outboxDir, name);
  const temporary = join(outboxDir, `.${name}.tmp`);
  try {
    await writeFile(temporary, raw, { flag: 'wx' });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return path;
}
