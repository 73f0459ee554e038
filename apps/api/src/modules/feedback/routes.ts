import multipart from '@fastify/multipart';
import { API } from '@minecloud/contract/api-paths';
import { FEEDBACK_CALLS, uploadAnswerSchema } from '@minecloud/contract/content';
import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { fail, failWith } from '../../lib/errors.ts';
import { memberLimit } from '../../money/member-limit.ts';
import { memberOf } from '../auth/guard.ts';
import { feedbackOf, submitFeedback } from './feedback.ts';
import { imageByName, storeImage, UPLOAD_MAX_BYTES, UPLOAD_ROUTE } from './upload.ts';

/**
 * A member's images and feedback (with its images); the images themselves are served to anyone. The
 * feedback calls are the contract's (`FEEDBACK_CALLS`); the upload (multipart) and the image (not
 * an envelope) are registered here by hand.
 */
export const feedbackRoutes: FastifyPluginAsyncZod<{
  uploadsPerMinute: number;
  /** Bytes all members together may store in a UTC day (UPLOAD_BYTES_PER_DAY). */
  uploadBytesPerDay: number;
}> = async (app, options) => {
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 },
    });
    uploads.post(
      `/${API.upload}`,
      {
        preHandler: app.requireMember,
        config: memberLimit(options.uploadsPerMinute).hook,
        schema: {
          tags: ['care'],
          security: [{ bearer: [] }],
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

  declaredRoute(
    app,
    FEEDBACK_CALLS.feedbackSubmit,
    async (request) => ok(await submitFeedback(app.db, memberOf(request).userId, request.body)),
    { config: memberLimit(options.uploadsPerMinute).hook },
  );
  declaredRoute(app, FEEDBACK_CALLS.feedbackList, async (request) =>
    ok(await feedbackOf(app.db, memberOf(request).userId, request.body)),
  );
};
