import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

export interface CaughtMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback that keeps what it receives, for tests of outgoing mail. Mail to
 * an address in `refused` is turned away with 550, as a server refusing a mailbox does.
 */
export async function startSmtpCatcher(): Promise<{
  port: number;
  mails: CaughtMail[];
  refused: Set<string>;
  waitFor: (n: number) => Promise<CaughtMail[]>;
  stop: () => Promise<void>;
}> {
  const mails: CaughtMail[] = [];
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address)) return callback();
      return callback(Object.assign(new Error('Boîte aux lettres refusée'), { responseCode: 550 }));
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: () => void) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const p = (probe.address() as AddressInfo).port;
      probe.close(() => resolve(p));
    });
    probe.on('error', reject);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    mails,
    refused,
    /** The mails once there are `n` of them, or as they are after 30 s (the caller's assertion then says what is missing). */
    async waitFor(n: number) {
      const deadline = Date.now() + 30_000;
      while (mails.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      return mails;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The subject and plain text of a caught single-part mail, decoded (RFC 2047 words, quoted-printable or base64 body). */
export function readMail(mail: CaughtMail): { subject: string; text: string } {
  const split = mail.raw.indexOf('\r\n\r\n');
  const headers = mail.raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = mail.raw.slice(split + 4);
  const subject = (/^Subject: (.*)$/im.exec(headers)?.[1] ?? '').replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, encoding: string, word: string) =>
    encoding.toLowerCase() === 'b' ? Buffer.from(word, 'base64').toString('utf8') : quotedPrintable(word.replace(/_/g, ' ')),
  );
  const encoding = /^Content-Transfer-Encoding: (.*)$/im.exec(headers)?.[1]?.trim().toLowerCase();
  const text = encoding === 'quoted-printable' ? quotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { subject, text: text.replace(/\r\n/g, '\n') };
}

function quotedPrintable(encoded: string): string {
  const text = encoded.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9a-f]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}
