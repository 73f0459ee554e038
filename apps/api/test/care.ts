import { createServer, type Socket } from 'node:net';
import { deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { queryRows } from '../src/db/client.ts';
import type { Clock } from '../src/lib/clock.ts';
import { unsealSecret } from '../src/modules/mail/mailer.ts';
import { createMailWorker, type MailWorkerOptions } from '../src/modules/mail/worker.ts';
import { TEST_OPERATOR_PASSWORD, type TestApp } from './app.ts';
import { createTestDatabase } from './database.ts';
import type { Member } from './money.ts';

/** A multipart/form-data body with one file part. */
export function multipartBody(field: string, filename: string, type: string, data: Buffer) {
  const boundary = `----minecloud${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(app: TestApp, member: Member, filename: string, type: string, data: Buffer) {
  const { payload, contentType } = multipartBody('file', filename, type, data);
  const res = await app.inject({
    method: 'POST',
    url: '/app-api/biz/biz-user/upload',
    headers: { ...member.headers, 'content-type': contentType, 'accept-language': 'en' },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

function crc32(buffer: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header claiming width × height, with a tiny (wrong-sized) data stream: a pixel flood. */
export function pngClaiming(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives. */
export async function smtpCatcher(): Promise<{
  url: string;
  messages: { to: string; text: string }[];
  close(): Promise<void>;
}> {
  const messages: { to: string; text: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const parts: Buffer[] = [];
      stream.on('data', (part: Buffer) => parts.push(part));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          text: Buffer.concat(parts).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A mail as its reader sees it: the subject and the body, transfer encodings undone. */
export function readMail(raw: string): { subject: string; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const rawBody = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const subject = header('Subject').replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(rawBody.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(rawBody)
        : rawBody;
  return { subject, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] as string, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The six-digit code of the newest mail to `to`. */
export function codeIn(messages: { to: string; text: string }[], to: string): string {
  const mail = messages.filter((m) => m.to === to).at(-1);
  const code = mail && /\b(\d{6})\b/.exec(readMail(mail.text).body)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** A mail worker of the app, as the jobs process would run it; `overrides` change its settings. */
export async function mailWorkerOf(
  app: TestApp,
  overrides: Partial<MailWorkerOptions> = {},
  log: FastifyBaseLogger = app.log,
) {
  const options = { ...app.mailWorker, ...overrides };
  return createMailWorker(app.db, log, app.clock, options);
}

/** Sends what the outbox holds, once, as the jobs process does every few seconds. */
export async function deliverMail(app: TestApp) {
  const worker = await mailWorkerOf(app);
  try {
    return await worker.runOnce();
  } finally {
    worker.close();
  }
}

/**
 * The code of the newest mail to `to` that is still in the outbox (queued, or shown as demo),
 * opened with the server's key: how tests without a mail server read a code.
 */
export async function queuedCode(app: TestApp, to: string): Promise<string> {
  const [mail] = await queryRows<{ sealed_secret: string | null; demo_code: string | null }>(
    app.db,
    sql`select sealed_secret, demo_code from mail_outbox where "to" = ${to} order by id desc limit 1`,
  );
  if (mail?.demo_code) return mail.demo_code;
  if (!mail?.sealed_secret) throw new Error(`no code queued for ${to}`);
  return unsealSecret(app.mailWorker.sealKey, to, mail.sealed_secret);
}

/** A mail server that takes the connection and then never says a word. */
export async function silentSmtp(): Promise<{ url: string; connections(): number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * A test app whose log (every level) goes to `lines`, as the server's pino stream would; the mail
 * workers made with mailWorkerOf log there too.
 */
export async function buildLoggedApp(env: Record<string, string>, options: { clock?: Clock } = {}) {
  const lines: string[] = [];
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'trace',
    DEMO: 'false',
    ADMIN_BOOTSTRAP_PASSWORD: TEST_OPERATOR_PASSWORD,
    ...env,
  });
  const database = await createTestDatabase();
  await database.migrate();
  const stream = { write: (line: string) => void lines.push(line) };
  const app = await buildApp({
    config,
    database,
    logger: { level: 'trace', stream },
    serveApps: false,
    ...options,
  });
  app.addHook('onClose', async () => database.close());
  await app.ready();
  return { app, lines };
}
