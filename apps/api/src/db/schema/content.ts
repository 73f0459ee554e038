import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { operators } from './operators.ts';

/** Notices and articles; `content_html` is stored only after DOMPurify sanitized it. */
export const notices = pgTable(
  'notices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    contentHtml: text('content_html').notNull(),
    /** Shown once to each member as the pop-up on home. */
    popup: boolean('popup').notNull().default(false),
    status: text('status').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('notices_type', sql`${t.type} in ('notice', 'article')`),
    check('notices_status', sql`${t.status} in ('draft', 'published')`),
    index('notices_published_idx').on(t.type, t.publishedAt.desc()),
  ],
);

/**
 * A notice's or an article's version in a language beside its Chinese base (the notices row), each
 * optional; members get their language's, else English, else the base (contentFallback).
 */
export const noticeTranslations = pgTable(
  'notice_translations',
  {
    noticeId: bigint('notice_id', { mode: 'number' })
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    contentHtml: text('content_html').notNull(),
  },
  (t) => [
    primaryKey({ name: 'notice_translations_pk', columns: [t.noticeId, t.lang] }),
    check('notice_translations_lang', sql`${t.lang} in ('en', 'zh-TW', 'ko-KR', 'ms-MY')`),
  ],
);

/** Which pop-up notices a member has been shown (each once). */
export const noticeViews = pgTable(
  'notice_views',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    noticeId: bigint('notice_id', { mode: 'number' }).notNull(),
    shownAt: timestamp('shown_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.noticeId] })],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploaded images, re-encoded, in the database: every process serves every image, and backups
 * hold them. Served under a generated name with the stored type only.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('uploads_name_idx').on(t.name), index('uploads_user_idx').on(t.userId)],
);

/** Feedback (user_problems) and the platform's reply. */
export const feedback = pgTable(
  'feedback',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    content: text('content').notNull(),
    images: jsonb('images').$type<string[]>().notNull(),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: text('replied_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feedback_user_idx').on(t.userId, t.id.desc()),
    index('feedback_open_idx').on(t.id).where(sql`${t.reply} is null`),
  ],
);

/**
 * Emailed codes: only a hash is kept. `purpose` is `bind` (to an address being bound) or
 * `confirm` (to the bound address: wallet binding, withdrawals), held by a member; or `notices`,
 * held by an operator confirming the address for security notices.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_codes_user_idx').on(t.userId, t.createdAt.desc()),
    index('email_codes_operator_idx').on(t.operatorId, t.createdAt.desc()),
    check('email_codes_one_holder', sql`(${t.userId} is null) <> (${t.operatorId} is null)`),
  ],
);

/**
 * Every mail the platform sends, queued for the mail worker (modules/mail/worker.ts): the template, the
 * recipient, the language and non-secret parameters; the text is rendered when it is sent. A code
 * is kept only sealed until the mail is sent or given up (a check makes the database refuse it
 * after), or as `demo_code` in demo mode without SMTP.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    template: text('template').notNull(),
    locale: text('locale').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    sealedSecret: text('sealed_secret'),
    demoCode: text('demo_code'),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'mail_outbox_template',
      sql`${t.template} in ('email_code', 'address_added', 'operator_email_code', 'setting_notice')`,
    ),
    check('mail_outbox_locale', sql`${t.locale} in ('zh-CN', 'en', 'zh-TW', 'ko-KR', 'ms-MY')`),
    check('mail_outbox_status', sql`${t.status} in ('queued', 'sending', 'sent', 'failed', 'undeliverable', 'demo')`),
    check('mail_outbox_sealed_until_done', sql`${t.sealedSecret} is null or ${t.status} in ('queued', 'sending')`),
    check('mail_outbox_demo_code_only_demo', sql`${t.demoCode} is null or ${t.status} = 'demo'`),
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('queued', 'sending')`),
  ],
);

/** Banners of the home carousel and the miner shop, managed in the console. */
export const banners = pgTable(
  'banners',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    place: text('place').notNull(),
    image: text('image').notNull(),
    /** The Chinese base version of the text the app writes over the art. */
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    link: text('link').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('banners_place_known', sql`${t.place} in ('home','miners')`),
    index('banners_place_idx').on(t.place, t.sort),
  ],
);

/** A banner's text in a language beside its Chinese base (the banners row), each optional. */
export const bannerTranslations = pgTable(
  'banner_translations',
  {
    bannerId: bigint('banner_id', { mode: 'number' })
      .notNull()
      .references(() => banners.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
  },
  (t) => [
    primaryKey({ name: 'banner_translations_pk', columns: [t.bannerId, t.lang] }),
    check('banner_translations_lang', sql`${t.lang} in ('en', 'zh-TW', 'ko-KR', 'ms-MY')`),
  ],
);
