/**
 * How a failed request is answered: an ApiError with its status, body and headers; fastify's own errors in the
 * spec's terms ("400 | invalid body or parameters", its messages under `non_field_errors`: a content type it does not
 * parse, a body it could not read), 413 for a body too large (beyond any the spec describes); anything else a bare HTML
 * 500, as Django's without debug.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';
import { languageFrom, t } from './messages';

export function answerError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const lang = languageFrom(request.headers['accept-language']);
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
    return reply.code(error.status).send(error.body);
  }
  const code = (error as { code?: string }).code;
  const status = (error as { statusCode?: number }).statusCode;
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    const mediaType = request.headers['content-type'] ?? '';
    return reply.code(400).send({ non_field_errors: [t(lang, 'unsupportedMediaType', { media_type: mediaType })] });
  }
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ detail: t(lang, 'bodyTooLarge') });
  if (status !== undefined && status >= 400 && status < 500) {
    return reply.code(400).send({ non_field_errors: [t(lang, 'parseError', { error: (error as Error).message })] });
  }
  request.log.error(error);
  return reply.code(500).type('text/html; charset=utf-8').send('<h1>Server Error (500)</h1>');
}
