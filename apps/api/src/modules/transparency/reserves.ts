import {
  RESERVE_AHEAD_DAYS,
  RESERVE_SHOWN_DAYS,
  type ReserveDayRow,
  type ReserveSignatureFile,
  type ReservesAnswer,
  type ReserveUploadAnswer,
} from '@minecloud/contract/console-reserves';
import { reserveMessage } from '@minecloud/contract/solvency';
import { and, asc, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { type Hex, verifyMessage } from 'viem';
import type { Db } from '../../db/client.ts';
import { reserveAddresses, reserveSignatures, solvencySnapshots } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { addDays } from '../../lib/calendar.ts';
import { fail, failWith } from '../../lib/errors.ts';
import { operatorActor } from '../auth/operators.ts';

/**
 * The console's side of the reserves: the cold addresses an operator adds, the offline
 * signatures uploaded for them (checked here, all or nothing), and the published days at a glance.
 * The publisher counts, for day D, each cold address not removed that has a signature for D.
 */

type Actor = { id: number; username: string };
/** Who acts, and when (the app's clock). */
type Act = { operator: Actor; now: Date };
const actorName = (operator: Actor) => operatorActor(operator.username);

/** Cold addresses with how far ahead each is signed, and the newest published days. */
export async function reservesOverview(
  db: Db,
  facts: { chainId: number; hotWallet: string | null; today: string },
): Promise<ReservesAnswer> {
  const { chainId, today } = facts;
  const tomorrow = addDays(today, 1);
  const windowEnd = addDays(today, RESERVE_AHEAD_DAYS - 1);
  const addresses = await db
    .select()
    .from(reserveAddresses)
    .orderBy(
      sql`${reserveAddresses.removedAt} is not null`,
      asc(reserveAddresses.addedAt),
      asc(reserveAddresses.address),
    );
  const signed = await db
    .select({ address: reserveSignatures.address, day: reserveSignatures.day })
    .from(reserveSignatures)
    .where(and(eq(reserveSignatures.chainId, chainId), gte(reserveSignatures.day, today)));
  const daysOf = new Map<string, string[]>();
  for (const row of signed) daysOf.set(row.address, [...(daysOf.get(row.address) ?? []), row.day]);
  const cold = addresses.map((row) => {
    const days = new Set(daysOf.get(row.address) ?? []);
    const sorted = [...days].sort();
    const removed = row.removedAt !== null;
    return {
      address: row.address,
      label: row.label,
      addedAt: row.addedAt.toISOString(),
      removedAt: row.removedAt?.toISOString() ?? null,
      signedAhead: sorted.filter((day) => day <= windowEnd).length,
      lastSignedDay: sorted.at(-1) ?? null,
      unsignedSoon: removed ? null : ([today, tomorrow].find((day) => !days.has(day)) ?? null),
    };
  });
  const published = await db
    .select()
    .from(solvencySnapshots)
    .orderBy(desc(solvencySnapshots.day))
    .limit(RESERVE_SHOWN_DAYS);
  return { chainId, today, hotWallet: facts.hotWallet, cold, days: published.map(dayRow) };
}

type StoredAsset = { asset?: unknown; ratio?: unknown; covered?: unknown };

function dayRow(row: typeof solvencySnapshots.$inferSelect): ReserveDayRow {
  const body = row.body as { assets?: StoredAsset[] } | null;
  const assets = (Array.isArray(body?.assets) ? body.assets : []).map((a) => ({
    asset: String(a.asset),
    ratio: typeof a.ratio === 'string' ? a.ratio : null,
    covered: typeof a.covered === 'boolean' ? a.covered : null,
  }));
  return {
    day: row.day,
    chainId: row.chainId,
    assets,
    anchor: row.anchorTxHash
      ? { txHash: row.anchorTxHash, blockNumber: row.anchorBlock === null ? null : String(row.anchorBlock) }
      : null,
    anchorError: row.anchorError,
    publishedAt: row.publishedAt.toISOString(),
  };
}

/** Adds a cold address, or takes a removed one back; never the hot wallet, never twice. */
export async function addReserveAddress(
  db: Db,
  body: { address: string; label: string },
  facts: Act & { hotWallet: string | null },
) {
  const address = body.address.toLowerCase();
  if (address === facts.hotWallet) return fail('reserveHotWallet');
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(reserveAddresses)
      .where(eq(reserveAddresses.address, address))
      .for('update');
    if (before && before.removedAt === null) return fail('reserveAddressExists');
    const values = { label: body.label, addedAt: facts.now, addedBy: facts.operator.id, removedAt: null };
    const [row] = before
      ? await tx.update(reserveAddresses).set(values).where(eq(reserveAddresses.address, address)).returning()
      : await tx
          .insert(reserveAddresses)
          .values({ address, ...values })
          .onConflictDoNothing()
          .returning();
    // Another operator added it between the read and the insert.
    if (!row) return fail('reserveAddressExists');
    await audit(tx, {
      actor: actorName(facts.operator),
      action: before ? 'reserves.readd' : 'reserves.add',
      target: address,
      before: before ?? null,
      after: row,
    });
    return { address, label: row.label, addedAt: row.addedAt.toISOString() };
  });
}

/** Removes a cold address: the next snapshots leave it out; its signatures stay, as uploaded. */
export async function removeReserveAddress(db: Db, rawAddress: string, { operator, now }: Act) {
  const address = rawAddress.toLowerCase();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reserveAddresses)
      .set({ removedAt: now })
      .where(and(eq(reserveAddresses.address, address), isNull(reserveAddresses.removedAt)))
      .returning();
    if (!row) return failWith('reserveAddressUnknown', { address: rawAddress.slice(0, 42) });
    await audit(tx, { actor: actorName(operator), action: 'reserves.remove', target: address, after: row });
    return { address, removedAt: (row.removedAt as Date).toISOString() };
  });
}

/**
 * Stores a file of `npm run reserves:sign`: every signature must be the address's own signature of
 * `reserveMessage(chainId, address, day)`, or none is stored. Uploading the same file again stores
 * the same rows again.
 */
export async function uploadReserveSignatures(
  db: Db,
  file: ReserveSignatureFile,
  facts: Act & { chainId: number },
): Promise<ReserveUploadAnswer> {
  if (file.chainId !== facts.chainId) {
    return failWith('reserveChainMismatch', { given: file.chainId, expected: facts.chainId });
  }
  const address = file.address;
  const [known] = await db
    .select({ address: reserveAddresses.address })
    .from(reserveAddresses)
    .where(and(eq(reserveAddresses.address, address), isNull(reserveAddresses.removedAt)));
  if (!known) return failWith('reserveAddressUnknown', { address });
  const days = [...file.signatures].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  for (const signed of days) {
    const message = reserveMessage(file.chainId, address, signed.day);
    let valid = false;
    try {
      valid = await verifyMessage({ address: address as Hex, message, signature: signed.signature as Hex });
    } catch {
      // A signature that cannot be read signs nothing.
    }
    if (!valid) return failWith('reserveSignatureInvalid', { day: signed.day });
  }
  const from = (days[0] as (typeof days)[number]).day;
  const to = (days.at(-1) as (typeof days)[number]).day;
  await db.transaction(async (tx) => {
    // Removed meanwhile: nothing is stored for it.
    const [still] = await tx
      .select({ address: reserveAddresses.address })
      .from(reserveAddresses)
      .where(and(eq(reserveAddresses.address, address), isNull(reserveAddresses.removedAt)))
      .for('share');
    if (!still) return failWith('reserveAddressUnknown', { address });
    await tx
      .insert(reserveSignatures)
      .values(
        days.map((signed) => ({
          address,
          day: signed.day,
          chainId: file.chainId,
          signature: signed.signature.toLowerCase(),
          uploadedAt: facts.now,
          uploadedBy: facts.operator.id,
        })),
      )
      .onConflictDoUpdate({
        target: [reserveSignatures.address, reserveSignatures.day, reserveSignatures.chainId],
        set: {
          signature: sql`excluded.signature`,
          uploadedAt: sql`excluded.uploaded_at`,
          uploadedBy: sql`excluded.uploaded_by`,
        },
      });
    await audit(tx, {
      actor: actorName(facts.operator),
      action: 'reserves.upload',
      target: address,
      after: { chainId: file.chainId, days: days.length, from, to },
    });
  });
  return { address, chainId: file.chainId, stored: days.length, from, to };
}
