import multipart from '@fastify/multipart';
import { API } from '@minecloud/contract/api-paths';
import {
  feedbackAnswerSchema,
  feedbackBodySchema,
  feedbackListAnswerSchema,
  feedbackListBodySchema,
  uploadAnswerSchema,
} from '@minecloud/contract/content';
import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { fail, failWith } from '../../lib/errors.ts';
import { memberLimit } from '../../money/member-limit.ts';
import { memberOf } from '../auth/guard.ts';
import { feedbackOf, submitFeedback } from './feedback.ts';
import { imageByName, storeImage, UPLOAD_MAX_BYTES, UPLOAD_ROUTE } from './upload.ts';

/** A member's images and feedback (with its images); the images themselves are served to anyone. */
export const feedbackRoutes: FastifyPluginAsyncZod<{
  uploadsPerMinute: number;
  /** Bytes all members together may store in a UTC day (UPLOAD_BYTES_PER_DAY). */
  uploadBytesPerDay: number;
}> = async (app, options) => {
  const member = { preHandler: app.requireMember };
  const security = [{ bearer: [] }];

  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 },
    });
    uploads.post(
      `/${API.upload}`,
      {
        ...member,
        config: memberLimit(options.uploadsPerMinute).hook,
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
      config: memberLimit(options.uploadsPerMinute).hook,
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
};
