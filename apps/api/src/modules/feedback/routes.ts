import multipart from '@fastify/multipart';
import { FEEDBACK_CALLS } from '@minecloud/contract/content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { fail, failWith } from '../../lib/errors.ts';
import { memberLimit } from '../../money/member-limit.ts';
import { memberOf } from '../auth/guard.ts';
import { feedbackOf, submitFeedback } from './feedback.ts';
import { imageByName, storeImage, UPLOAD_MAX_BYTES } from './upload.ts';

/**
 * A member's images and feedback (with its images); the images themselves are served to anyone.
 * All are the contract's calls (`FEEDBACK_CALLS`); the upload's multipart body is parsed here.
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
    declaredRoute(
      uploads,
      FEEDBACK_CALLS.upload,
      async (request) => {
        if (!request.isMultipart()) return fail('badRequest', 'file');
        const file = await request.file();
        if (file?.fieldname !== 'file') return fail('badRequest', 'file');
        const data = await file.toBuffer().catch(() => null);
        if (!data || file.file.truncated) return failWith('imageTooLarge', { max: '5 MB' });
        return ok(await storeImage(app.db, memberOf(request).userId, data, options.uploadBytesPerDay));
      },
      { config: memberLimit(options.uploadsPerMinute).hook },
    );
  });

  // The image itself: its stored type, never sniffed, never a page of its own.
  declaredRoute(app, FEEDBACK_CALLS.uploadedImage, async (request, reply) => {
    const image = await imageByName(app.db, request.params.name);
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
