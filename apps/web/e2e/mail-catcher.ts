import { SMTPServer } from 'smtp-server';

/**
 * An SMTP server on 127.0.0.1 that keeps every mail it receives: outside demo mode the server only
 * sends email codes by mail (the console never shows them), so the e2e reads them here.
 */
export type MailCatcher = {
  /** SMTP_URL for the server under test: plain SMTP, no STARTTLS, no AUTH. */
  url: string;
  /** The six-digit code of the newest mail to `to`; undefined while there is none. */
  latestCode(to: string): string | undefined;
  /** The text of the newest mail to `to` (its subject line first); undefined while there is none. */
  latestText(to: string): string | undefined;
  close(): Promise<void>;
};

export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: { to: string; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const parts: Buffer[] = [];
      stream.on('data', (part: Buffer) => parts.push(part));
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo) {
          mails.push({ to: rcpt.address, raw: Buffer.concat(parts).toString('utf8') });
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    latestCode(to) {
      const mail = mails.filter((m) => m.to === to).at(-1);
      return mail && /\b(\d{6})\b/.exec(bodyOf(mail.raw))?.[1];
    },
    latestText(to) {
      const mail = mails.filter((m) => m.to === to).at(-1);
      return mail && bodyOf(mail.raw);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of a single-part mail, its transfer encoding undone (non-English text is encoded). */
function bodyOf(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}
