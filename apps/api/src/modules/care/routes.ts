import multipart from '@fastify/multipart';
import { API } from '@minecloud/contract/api-paths';
import {
  bindAnswerSchema,
  bindEmailBodySchema,
  bindWalletBodySchema,
  feedbackAnswerSchema,
  feedbackBodySchema,
  feedbackListAnswerSchema,
  feedbackListBodySchema,
  noticeGetQuerySchema,
  noticePageAnswerSchema,
  noticePageQuerySchema,
  noticeSchema,
  sendEmailCodeBodySchema,
  showNoticeAnswerSchema,
  uploadAnswerSchema,
} from '@minecloud/contract/content';
import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { fail, failWith } from '../../lib/errors.ts';
import { requestLocale } from '../../lib/locale.ts';
import { perMemberLimit } from '../../money/money-route.ts';
import { bearerToken, memberOf } from '../auth/guard.ts';
import { noticeById, noticePage, showNotice } from '../content/service.ts';
import { bindEmail, bindWallet, sendEmailCode } from './email.ts';
import { feedbackOf, submitFeedback } from './feedback.ts';
import type { Mailer } from './mailer.ts';
import { imageByName, storeImage, UPLOAD_MAX_BYTES, UPLOAD_ROUTE } from './upload.ts';

/** Notices (public), uploads, feedback, email and wallet binding, on the main base. */
export const careRoutes: FastifyPluginAsyncZod<{
  mailer: Mailer;
  uploadsPerMinute: number;
  /** Bytes all members together may store in a UTC day (UPLOAD_BYTES_PER_DAY). */
  uploadBytesPerDay: number;
  codesPerMinute: number;
}> = async (app, options) => {
  const member = { preHandler: app.requireMember };
  const security = [{ bearer: [] }];

  app.get(
    `/${API.noticePage}`,
    {
      schema: {
        tags: ['content'],
        querystring: noticePageQuerySchema,
        response: { 200: envelopeSchema(noticePageAnswerSchema) },
      },
    },
    async (request) => ok(await noticePage(app.db, request.query)),
  );
  app.get(
    `/${API.noticeGet}`,
    {
      schema: { tags: ['content'], querystring: noticeGetQuerySchema, response: { 200: envelopeSchema(noticeSchema) } },
    },
    async (request) => ok(await noticeById(app.db, request.query.id)),
  );
  app.post(
    `/${API.noticeShow}`,
    { schema: { tags: ['content'], response: { 200: envelopeSchema(showNoticeAnswerSchema) } } },
    async (request) => {
      const token = bearerToken(request);
      const session = token ? await app.tokens.verify(token) : null;
      return ok(await showNotice(app.db, session?.userId ?? null));
    },
  );

  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 },
    });
    uploads.post(
      `/${API.upload}`,
      {
        ...member,
        config: perMemberLimit(options.uploadsPerMinute),
        schema: {
          tags: ['care'],
          security,
          consumes: ['multipart/form-data'],
          response: { 200: envelopeSchema(uploadAnswerSchema) },
        },
      },
      async (request) => {
        if (!request.isMultipart()) return fail('badRequest', 'file');
        const file = await request.file();
        if (file?.fieldname !== 'file') return fail('badRequest', 'file');
        const data = await file.toBuffer().catch(() => null);
        if (!data || file.file.truncated) return failWith('imageTooLarge', { max: '5 MB' });
        return ok(await storeImage(app.db, memberOf(request).userId, data, options.uploadBytesPerDay));
      },
    );
  });

  // The image itself: its stored type, never sniffed, never a page of its own.
  app.get(UPLOAD_ROUTE, { schema: { hide: true } }, async (request, reply) => {
    const image = await imageByName(app.db, (request.params as { name: string }).name);
    if (!image) return fail('notFound', 'name');
    return reply
      .header('content-type', image.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(image.data);
  });

  app.post(
    `/${API.feedbackSubmit}`,
    {
      ...member,
      config: perMemberLimit(options.uploadsPerMinute),
      schema: {
        tags: ['care'],
        security,
        body: feedbackBodySchema,
        response: { 200: envelopeSchema(feedbackAnswerSchema) },
      },
    },
    async (request) => ok(await submitFeedback(app.db, memberOf(request).userId, request.body)),
  );
  app.post(
    `/${API.feedbackList}`,
    {
      ...member,
      schema: {
        tags: ['care'],
        security,
        body: feedbackListBodySchema,
        response: { 200: envelopeSchema(feedbackListAnswerSchema) },
      },
    },
    async (request) => ok(await feedbackOf(app.db, memberOf(request).userId, request.body)),
  );

  const codeLimit = perMemberLimit(options.codesPerMinute);
  app.post(
    `/${API.sendEmailCode}`,
    {
      ...member,
      config: codeLimit,
      schema: {
        tags: ['care'],
        security,
        body: sendEmailCodeBodySchema,
        response: { 200: envelopeSchema(bindAnswerSchema) },
      },
    },
    async (request) => {
      const asking = { userId: memberOf(request).userId, email: request.body.email, locale: requestLocale(request) };
      await sendEmailCode(app.db, options.mailer, asking, app.clock.now());
      return ok(null);
    },
  );
  app.post(
    `/${API.bindEmail}`,
    {
      ...member,
      config: codeLimit,
      schema: {
        tags: ['care'],
        security,
        body: bindEmailBodySchema,
        response: { 200: envelopeSchema(bindAnswerSchema) },
      },
    },
    async (request) => {
      await bindEmail(app.db, memberOf(request).userId, request.body.email, request.body.code, app.clock.now());
      return ok(null);
    },
  );
  app.post(
    `/${API.bindWallet}`,
    {
      ...member,
      config: codeLimit,
      schema: {
        tags: ['care'],
        security,
        body: bindWalletBodySchema,
        response: { 200: envelopeSchema(bindAnswerSchema) },
      },
    },
    async (request) => {
      await bindWallet(app.db, memberOf(request).userId, request.body.address, request.body.code, app.clock.now());
      return ok(null);
    },
  );
};
