import {
  ERROR_CODES,
  type ErrorName,
  errorMessage,
  fieldInvalidMessage,
  HTTP_STATUS,
} from '@minecloud/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { AppError } from './errors.ts';
import { requestLocale } from './locale.ts';

function send(reply: FastifyReply, request: FastifyRequest, name: ErrorName, msg?: string) {
  // Every envelope with a non-zero code leaves here: /metrics counts refusals by code name.
  request.server.metrics?.refused(name);
  // The error envelope bypasses the route's success schema (business errors also answer 200).
  return reply
    .status(HTTP_STATUS[name])
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send({ code: ERROR_CODES[name], data: null, msg: msg ?? errorMessage(name, requestLocale(request)) });
}

const STATUS_NAMES: Record<number, ErrorName> = {
  400: 'badRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  413: 'payloadTooLarge',
  415: 'badRequest',
  429: 'rateLimited',
};

/**
 * Fastify's own refusals before any route runs (a path that is not valid percent-encoding), which
 * skip the error handler: the same envelope, a 400.
 */
export function frameworkError(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return send(reply, request, 'badRequest');
}

/** One handler turns every failure into the envelope; a 5xx never leaks its cause. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = requestLocale(request);
    if (error instanceof AppError) {
      const msg = error.field
        ? fieldInvalidMessage(error.field, locale)
        : error.params
          ? errorMessage(error.name_, locale, error.params)
          : undefined;
      return send(reply, request, error.name_, msg);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const where = error.validationContext ?? 'body';
      const field = issue?.instancePath ? issue.instancePath.replace(/^\//, '').replaceAll('/', '.') : '';
      const named =
        field || (issue?.params as { issue?: { path?: unknown[] } } | undefined)?.issue?.path?.join('.') || where;
      return send(reply, request, 'badRequest', fieldInvalidMessage(named, locale));
    }
    const status = error.statusCode ?? 500;
    const name = STATUS_NAMES[status];
    if (name && status < 500) {
      if (status >= 400 && name === 'badRequest') request.log.info({ err: error }, 'bad request');
      return send(reply, request, name);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return send(reply, request, 'unavailable');
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, request, status === 503 ? 'unavailable' : 'internal');
  });

  app.setNotFoundHandler((request, reply) => send(reply, request, 'notFound'));
}
