import type { FastifyInstance } from 'fastify';

/**
 * `Content-Type: application/json` with nothing (or only white space) after it is read as no body
 * at all, the same as a request without a body; Fastify's own parser refuses it
 * (FST_ERR_CTP_EMPTY_JSON_BODY). Calls that take no body then answer as for `{}`, and calls that
 * need one say what to send (docs/decisions/093). Everything else goes to Fastify's parser, which
 * keeps refusing `__proto__` and `constructor.prototype` keys.
 */
export function readEmptyJsonAsNoBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const json = typeof body === 'string' ? body : body.toString('utf8');
    if (json.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, json, done);
  });
}
