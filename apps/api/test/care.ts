import { deflateSync } from 'node:zlib';
import { SMTPServer } from 'smtp-server';
import type { TestApp } from './app.ts';
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

/** The six-digit code of the newest mail to `to`. */
export function codeIn(messages: { to: string; text: string }[], to: string): string {
  const mail = messages.filter((m) => m.to === to).at(-1);
  const code = mail && /verification code is (\d{6})/.exec(mail.text.replace(/=\r?\n/g, ''))?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}
