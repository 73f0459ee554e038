import type { Locale } from '@minecloud/contract/locales';
import { ADDRESS_BOOK_MAX, type AddressBook } from '@minecloud/contract/wallet';
import { sql } from 'drizzle-orm';
import { getAddress, isAddress } from 'viem';
import { type Db, isoTime, queryRows } from '../../db/client.ts';
import { fail, failWith } from '../../lib/errors.ts';
import type { AuthorizedUserId } from '../auth/tokens.ts';
import { getSetting } from '../config/settings.ts';
import type { Mailer } from '../mail/mailer.ts';
import { mailTime } from '../mail/templates.ts';
import { spendEmailCode } from '../user/email.ts';
import type { Chain } from './chain.ts';

type Reader = Pick<Db, 'execute'>;
type SavedRow = { id: string; address: string; label: string; usable_at: string; created_at: string };
export type SaveAddressInput = { address: string; label: string; emailCode: string };

/**
 * The platform's own addresses (deposit address, payer, token contracts): a withdrawal to one of
 * them would only burn the money, so neither the form nor the address book takes them.
 */
export function isPlatformAddress(chain: Chain | null, address: string): boolean {
  const own = [chain?.depositAddress, chain?.hotWallet, ...Object.values(chain?.tokens ?? {})].filter(Boolean);
  return own.includes(getAddress(address));
}

/** The member's saved addresses, newest first, each with whether it can be paid at `now`. */
export async function addressBook(db: Pick<Db, 'execute' | 'select'>, userId: AuthorizedUserId, now: Date) {
  const [rows, waitHours] = await Promise.all([
    queryRows<SavedRow>(
      db,
      sql`select id::text, address, label, usable_at::text, created_at::text from withdrawal_addresses
          where user_id = ${userId} order by created_at desc, id desc`,
    ),
    getSetting(db, 'withdraw.newAddressHours'),
  ]);
  const list = rows.map((row) => ({
    id: row.id,
    address: row.address,
    label: row.label,
    usableAt: isoTime(row.usable_at) as string,
    usable: new Date(row.usable_at).getTime() <= now.getTime(),
    createdAt: isoTime(row.created_at) as string,
  }));
  return { list, waitHours } satisfies AddressBook;
}

/**
 * Saves a labelled address, confirmed by the member's email code: usable after the configured wait,
 * and announced by mail in the same transaction, so no address is saved without its mail. Every
 * check comes before the code is spent, so a refused request does not cost the member a code.
 */
export async function saveAddress(
  db: Db,
  mailer: Mailer,
  chain: Chain | null,
  userId: AuthorizedUserId,
  input: SaveAddressInput,
  locale: Locale,
  now: Date,
) {
  const [user] = await queryRows<{ email: string | null }>(db, sql`select email from users where id = ${userId}`);
  if (!user?.email) return fail('bindEmailFirst');
  const label = input.label.trim();
  if (label === '') return fail('addressLabelRequired');
  if (!isAddress(input.address, { strict: true })) return fail('invalidAddress');
  const address = getAddress(input.address);
  if (isPlatformAddress(chain, address)) return fail('platformAddress');
  const [saved] = await queryRows<{ n: number; same: number }>(
    db,
    sql`select count(*)::int as n, count(*) filter (where address = ${address})::int as same
        from withdrawal_addresses where user_id = ${userId}`,
  );
  if ((saved?.same ?? 0) > 0) return fail('addressAlreadySaved');
  if ((saved?.n ?? 0) >= ADDRESS_BOOK_MAX) return failWith('addressBookFull', { max: ADDRESS_BOOK_MAX });
  if (input.emailCode === '') return fail('enterEmailCode');
  await spendEmailCode(db, userId, 'confirm', user.email, input.emailCode, now);
  const hours = await getSetting(db, 'withdraw.newAddressHours');
  const usableAt = new Date(now.getTime() + hours * 3_600_000).toISOString();
  await db.transaction(async (tx) => {
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`insert into withdrawal_addresses (user_id, address, label, usable_at, created_at)
          values (${userId}, ${address}, ${label}, ${usableAt}, ${now.toISOString()})
          on conflict (user_id, address) do nothing returning id::text`,
    );
    // The same address saved by a request that raced this one.
    if (inserted.length === 0) return fail('addressAlreadySaved');
    await mailer.queue(
      tx,
      { to: user.email as string, template: 'address_added', locale, params: { address, label, usableAt, hours } },
      now,
    );
  });
  const entry = (await addressBook(db, userId, now)).list.find((each) => each.address === address);
  return entry ?? fail('notFound', 'address');
}

/** Removes one of the member's saved addresses; it takes effect at once. */
export async function removeAddress(db: Reader, userId: AuthorizedUserId, id: string) {
  const removed = await queryRows(
    db,
    sql`delete from withdrawal_addresses where id = ${id}::bigint and user_id = ${userId} returning id`,
  );
  if (removed.length === 0) return fail('notFound', 'id');
}

/**
 * While `withdraw.newAddressHours` is above 0, a withdrawal goes only to a saved address whose wait
 * is over; at 0 the address book is a convenience and any address is taken.
 */
export async function checkSavedAddress(
  db: Pick<Db, 'execute' | 'select'>,
  userId: AuthorizedUserId,
  address: string,
  now: Date,
) {
  if ((await getSetting(db, 'withdraw.newAddressHours')) === 0) return;
  const [row] = await queryRows<{ usable_at: string }>(
    db,
    sql`select usable_at::text from withdrawal_addresses where user_id = ${userId} and address = ${address}`,
  );
  if (!row) return fail('addressNotSaved');
  if (new Date(row.usable_at).getTime() > now.getTime()) {
    return failWith('addressWaiting', { at: mailTime(row.usable_at) });
  }
}
