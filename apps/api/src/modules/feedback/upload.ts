import { randomBytes } from 'node:crypto';
import { API, API_BASE } from '@minecloud/contract/api-paths';
import { sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { advisoryKey, type Db, queryRows } from '../../db/client.ts';
import { fail, failWith } from '../../lib/errors.ts';
import { spendWithin } from '../../lib/limits.ts';

/**
 * Uploads (docs/architecture.md, "Quality rules"): an image is accepted by its content only (PNG,
 * JPEG or WebP signature; the name and the declared type are ignored); its size and its pixel
 * count, read from the header, are checked before anything is decoded; it is then decoded and
 * re-encoded in its own format, which drops every metadata block (EXIF, GPS, ICC text, comments)
 * and anything appended; it is stored under a generated name, and served with its stored type and
 * `nosniff`.
 */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 25_000_000;
/** Re-encoded bytes a member may store in all. */
export const UPLOAD_QUOTA_BYTES = 50 * 1024 * 1024;
/** The window of the budget all members share (UPLOAD_BYTES_PER_DAY): 24 hours from its first upload. */
export const UPLOAD_BUDGET_WINDOW_MS = 24 * 3600_000;

const FORMATS = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' } as const;
type Mime = keyof typeof FORMATS;
const EXTENSION: Record<Mime, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** Images are served by the main base at `uploads/<name>`; the answer's URL is that path. */
export const UPLOAD_PATH = `${API_BASE.main}${API.uploadedImage.replace(':name', '')}`;

/**
 * Stores a member's image within two limits: the member's own quota, and the budget of bytes all
 * members share in a day, which bounds the disk whatever the number of wallets (each is free).
 */
export async function storeImage(db: Db, userId: number, input: Buffer, bytesPerDay: number): Promise<{ url: string }> {
  if (input.length > UPLOAD_MAX_BYTES) return failWith('imageTooLarge', { max: '5 MB' });
  const sniffed = await fileTypeFromBuffer(input);
  const mime = sniffed?.mime as Mime | undefined;
  if (!mime || !(mime in FORMATS)) return fail('imageInvalid');
  let width: number;
  let height: number;
  try {
    // Reads the header only: a pixel flood is refused before a single pixel is decoded.
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    return fail('imageUnreadable');
  }
  if (width < 1 || height < 1) return fail('imageUnreadable');
  if (width * height > UPLOAD_MAX_PIXELS) return failWith('imageTooManyPixels', { max: '25,000,000' });
  let output: Buffer;
  try {
    output = await sharp(input, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'truncated', animated: false })
      .rotate()
      .toFormat(FORMATS[mime])
      .toBuffer();
  } catch {
    return fail('imageUnreadable');
  }
  const name = `${randomBytes(16).toString('hex')}.${EXTENSION[mime]}`;
  const stored = await db.transaction(async (tx) => {
    // One upload at a time per member, so the quota holds under concurrent uploads.
    await tx.execute(sql`select pg_advisory_xact_lock(${advisoryKey(`upload:${userId}`)}::bigint)`);
    const [used] = await queryRows<{ bytes: string }>(
      tx,
      sql`select coalesce(sum(bytes), 0)::text as bytes from uploads where user_id = ${userId}`,
    );
    if (BigInt(used?.bytes ?? 0) + BigInt(output.length) > BigInt(UPLOAD_QUOTA_BYTES)) return 'quota';
    // Spent in this transaction: an upload that fails after it gives its bytes back.
    const budget = { key: 'upload-bytes', windowMs: UPLOAD_BUDGET_WINDOW_MS };
    if (!(await spendWithin(tx, budget, bytesPerDay, output.length))) return 'budget';
    await tx.execute(
      sql`insert into uploads (user_id, name, content_type, bytes, width, height, data)
          values (${userId}, ${name}, ${mime}, ${output.length}, ${width}, ${height}, ${output})`,
    );
    return { name };
  });
  if (stored === 'quota') return fail('uploadQuota');
  if (stored === 'budget') return fail('uploadBudgetSpent');
  return { url: `${UPLOAD_PATH}${stored.name}` };
}

export async function imageByName(db: Db, name: string): Promise<{ contentType: string; data: Buffer } | null> {
  if (!/^[0-9a-f]{32}\.(png|jpg|webp)$/.test(name)) return null;
  const [row] = await queryRows<{ content_type: string; data: Buffer | Uint8Array }>(
    db,
    sql`select content_type, data from uploads where name = ${name}`,
  );
  return row ? { contentType: row.content_type, data: Buffer.from(row.data) } : null;
}

/** The URLs among `urls` that are the member's own uploads (feedback may only show those). */
export async function ownUploads(db: Db, userId: number, urls: string[]): Promise<boolean> {
  const names = urls.map((u) => (u.startsWith(UPLOAD_PATH) ? u.slice(UPLOAD_PATH.length) : ''));
  if (names.some((n) => !n)) return false;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(distinct name)::int as n from uploads where user_id = ${userId}
        and name in (select jsonb_array_elements_text(${JSON.stringify(names)}::jsonb))`,
  );
  return (row?.n ?? 0) === new Set(names).size;
}
