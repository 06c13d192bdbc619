/**
 * The request bodies the sandbox reads, as DRF's default parsers: JSON (an empty body is `{}`, a malformed one 400
 * with the parser's words under `non_field_errors`, the spec's shape of a 400), form and multipart. Any other content
 * type is refused (400, error-answer.ts).
 */
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error';
import { languageFrom, t } from './messages';

export function acceptBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      const lang = languageFrom(request.headers['accept-language']);
      done(new ApiError(400, { non_field_errors: [t(lang, 'parseError', { error: (error as Error).message })] }), undefined);
    }
  });
  void app.register(formbody);
  void app.register(multipart, { attachFieldsToBody: 'keyValues' });
}
