import { createServer, type Socket } from 'node:net';

export interface ReceivedMail {
  /** The envelope: MAIL FROM and every RCPT TO. */
  from: string;
  to: string[];
  /** The message as sent after DATA, dot-unstuffed, lines joined with CRLF. */
  raw: string;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * Just enough SMTP (RFC 5321: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) to receive messages in a test.
 * No TLS and no AUTH are advertised, so a client sends in plain text. `rejectRecipients` answers RCPT with 550.
 */
export async function startSmtpServer(options: { rejectRecipients?: boolean } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let from = '';
    let to: string[] = [];
    let data: string[] | undefined;
    reply('220 localhost test SMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line !== '.') {
            data.push(line.startsWith('.') ? line.slice(1) : line);
            continue;
          }
          received.push({ from, to, raw: `${data.join('\r\n')}\r\n` });
          data = undefined;
          reply('250 2.0.0 Queued');
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
        if (verb === 'EHLO' || verb === 'HELO') reply('250 localhost');
        else if (verb === 'MAIL') {
          from = address;
          to = [];
          reply('250 2.1.0 OK');
        } else if (verb === 'RCPT') {
          if (options.rejectRecipients) reply('550 5.1.1 No such user');
          else {
            to.push(address);
            reply('250 2.1.5 OK');
          }
        } else if (verb === 'DATA') {
          data = [];
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 2.0.0 OK');
        else if (verb === 'QUIT') {
          reply('221 2.0.0 Bye');
          socket.end();
        } else reply('502 5.5.2 Command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP test server has no port');
  return {
    url: `smtp://127.0.0.1:${String(address.port)}`,
    received,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}
