import { z } from 'zod';
import { API } from './api-paths.ts';
import { call } from './calls.ts';
import { pageQuerySchema, pageSchema } from './envelope.ts';
import { LOCALES } from './locales.ts';

/**
 * Content and care: notices and articles, uploads, feedback, email and wallet binding.
 * Rich HTML is sanitized by the server when an operator saves it; the app renders what it gets.
 */

export const NOTICE_TYPES = ['notice', 'article'] as const;
export const noticeTypeSchema = z.enum(NOTICE_TYPES);
export type NoticeType = z.infer<typeof noticeTypeSchema>;

const idSchema = z.string().regex(/^[1-9]\d{0,17}$/);

export const noticePageQuerySchema = pageQuerySchema.extend({ type: noticeTypeSchema.optional() });
/** The language of the version answered (the reader's, else English, else the Chinese base). */
export const contentLangSchema = z.enum(LOCALES);
export const noticeRowSchema = z.object({
  id: z.string(),
  type: noticeTypeSchema,
  title: z.string(),
  summary: z.string(),
  publishedAt: z.string(),
  lang: contentLangSchema,
});
export type NoticeRow = z.infer<typeof noticeRowSchema>;
export const noticePageAnswerSchema = pageSchema(noticeRowSchema);

export const noticeGetQuerySchema = z.object({ id: idSchema });
export const noticeSchema = noticeRowSchema.extend({ contentHtml: z.string() });
export type Notice = z.infer<typeof noticeSchema>;

/**
 * `businessNotice/showNotice`: the pop-up notice on home. A member gets each pop-up notice once:
 * the answer is the newest published pop-up they have not been shown, and answering marks it shown.
 * A visitor (no token) always gets the newest, and the app remembers it locally.
 */
export const showNoticeAnswerSchema = noticeSchema.nullable();

/** Operator calls (`/admin-api/notices…`). One language's version of a notice or an article. */
export const noticeVersionSchema = z.object({
  title: z.string().trim().min(1).max(120),
  summary: z.string().trim().max(300).default(''),
  /** Sanitized with DOMPurify before it is stored. */
  contentHtml: z.string().max(200_000),
});
export type NoticeVersion = z.infer<typeof noticeVersionSchema>;
/** The versions beside the Chinese base, each optional (TRANSLATED_LOCALES). */
export const noticeTranslationsSchema = z.object({
  en: noticeVersionSchema.optional(),
  'zh-TW': noticeVersionSchema.optional(),
  'ko-KR': noticeVersionSchema.optional(),
  'ms-MY': noticeVersionSchema.optional(),
});
export type NoticeTranslations = z.infer<typeof noticeTranslationsSchema>;
/** `title`, `summary` and `contentHtml` are the Chinese base version, which every notice has. */
export const noticeInputSchema = noticeVersionSchema.extend({
  type: noticeTypeSchema,
  /** Shown once to each member as the pop-up on home. */
  popup: z.boolean().default(false),
  translations: noticeTranslationsSchema.default({}),
});
export const adminNoticeSchema = noticeSchema.omit({ lang: true }).extend({
  status: z.enum(['draft', 'published']),
  popup: z.boolean(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  translations: noticeTranslationsSchema,
});
export type AdminNotice = z.infer<typeof adminNoticeSchema>;

/** Uploads: images only, judged by their content. */
export const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const uploadAnswerSchema = z.object({ url: z.string() });

/** Feedback (`user_problems/*`). */
export const FEEDBACK_MAX_IMAGES = 4;
export const feedbackBodySchema = z.object({
  content: z.string().trim().max(2000),
  /** URLs the upload call answered, of the member's own uploads. */
  images: z.array(z.string().max(200)).max(FEEDBACK_MAX_IMAGES).default([]),
});
export const feedbackAnswerSchema = z.object({ id: z.string() });
export const feedbackListBodySchema = pageQuerySchema;
export const feedbackRowSchema = z.object({
  id: z.string(),
  content: z.string(),
  images: z.array(z.string()),
  /** The platform's reply; null while there is none. */
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type FeedbackRow = z.infer<typeof feedbackRowSchema>;
export const feedbackListAnswerSchema = pageSchema(feedbackRowSchema);
export const feedbackReplyBodySchema = z.object({ reply: z.string().trim().min(1).max(2000) });

/** Email (`member/sendEmailCode`, `member/bindEmail`) and the withdrawal wallet (`member/bindWallet`). */
export const EMAIL_CODE_TTL_MINUTES = 10;
export const emailSchema = z.string().trim().toLowerCase().max(254).email();
export const emailCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/);
export const sendEmailCodeBodySchema = z.object({
  /** The address to bind; absent: the member's bound address (to confirm a wallet or a withdrawal). */
  email: emailSchema.optional(),
});
export const bindEmailBodySchema = z.object({ email: emailSchema, code: emailCodeSchema });
export const bindWalletBodySchema = z.object({ address: z.string().trim().max(64), code: emailCodeSchema });
export const bindAnswerSchema = z.null();

/** Operator views (`/admin-api/…`). */
export const adminNoticePageSchema = pageSchema(adminNoticeSchema);
export const adminFeedbackRowSchema = feedbackRowSchema.extend({ userId: z.string() });
export const adminFeedbackPageSchema = pageSchema(adminFeedbackRowSchema);
/** What the mail worker sends; the text is rendered from the template at sending time. */
export const MAIL_TEMPLATES = ['email_code', 'address_added', 'operator_email_code', 'setting_notice'] as const;
/**
 * Where a mail stands: `queued` (waiting, maybe for a retry), `sending` (a worker has it), `sent`,
 * `failed` (retries used up), `undeliverable` (no SMTP outside demo), `demo` (demo mode without
 * SMTP: kept for the operator to read, never sent).
 */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'undeliverable', 'demo'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
export const outboxRowSchema = z.object({
  id: z.string(),
  to: z.string(),
  template: z.enum(MAIL_TEMPLATES),
  locale: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  /** The code of a demo mail (demo mode without SMTP only); null everywhere else. */
  demoCode: z.string().nullable(),
});
export const outboxPageSchema = pageSchema(outboxRowSchema);
export const adminIdParamsSchema = z.object({ id: idSchema });

/** Notices and articles, public (paths: `API`). */
export const CONTENT_CALLS = {
  noticeShow: call({
    method: 'POST',
    path: API.noticeShow,
    tag: 'content',
    summary: 'The notice to show as a pop-up, if any',
    auth: 'public',
    money: false,
    answer: showNoticeAnswerSchema,
  }),
  noticePage: call({
    method: 'GET',
    path: API.noticePage,
    tag: 'content',
    summary: 'Notices and articles, paged',
    auth: 'public',
    money: false,
    query: noticePageQuerySchema,
    answer: noticePageAnswerSchema,
  }),
  noticeGet: call({
    method: 'GET',
    path: API.noticeGet,
    tag: 'content',
    summary: 'One notice or article',
    auth: 'public',
    money: false,
    query: noticeGetQuerySchema,
    answer: noticeSchema,
  }),
};

/**
 * The member's email and withdrawal address, bound with a mailed code (paths: `API`; registered by
 * modules/user/routes.ts, beside the profile).
 */
export const USER_CALLS = {
  sendEmailCode: call({
    method: 'POST',
    path: API.sendEmailCode,
    tag: 'care',
    summary: 'Send a verification code by email',
    auth: 'member',
    money: false,
    body: sendEmailCodeBodySchema,
    answer: bindAnswerSchema,
  }),
  bindEmail: call({
    method: 'POST',
    path: API.bindEmail,
    tag: 'care',
    summary: 'Bind an email address with its code',
    auth: 'member',
    money: false,
    body: bindEmailBodySchema,
    answer: bindAnswerSchema,
  }),
  bindWallet: call({
    method: 'POST',
    path: API.bindWallet,
    tag: 'care',
    summary: 'Bind a withdrawal address with an email code',
    auth: 'member',
    money: false,
    body: bindWalletBodySchema,
    answer: bindAnswerSchema,
  }),
};

/**
 * The member's feedback (paths: `API`), with the image upload beside it (multipart) and the image
 * itself (an answer that is not an envelope).
 */
export const FEEDBACK_CALLS = {
  upload: call({
    method: 'POST',
    path: API.upload,
    tag: 'care',
    summary: 'Upload an image (multipart, field `file`)',
    auth: 'member',
    money: false,
    consumes: 'multipart/form-data',
    answer: uploadAnswerSchema,
  }),
  // Its stored type, never sniffed; public, as its name is unguessable (modules/feedback/upload.ts).
  uploadedImage: call({
    method: 'GET',
    path: API.uploadedImage,
    tag: 'care',
    summary: 'An uploaded image, re-encoded, at the URL the upload answered with',
    auth: 'public',
    money: false,
    params: z.object({ name: z.string() }),
    produces: 'image/*',
    answer: z.string(),
  }),
  feedbackSubmit: call({
    method: 'POST',
    path: API.feedbackSubmit,
    tag: 'care',
    summary: 'Send feedback',
    auth: 'member',
    money: false,
    body: feedbackBodySchema,
    answer: feedbackAnswerSchema,
  }),
  feedbackList: call({
    method: 'POST',
    path: API.feedbackList,
    tag: 'care',
    summary: "The member's feedback and its replies, paged",
    auth: 'member',
    money: false,
    body: feedbackListBodySchema,
    answer: feedbackListAnswerSchema,
  }),
};
