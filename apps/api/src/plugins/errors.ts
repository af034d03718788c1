import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorEnvelope, SchemaIssue } from '@boutique/contracts';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { envelopeFieldErrors, schemaFieldErrors, type PathIssue } from '../lib/field-errors.js';
import { HttpError, type CodedFieldErrors } from '../lib/http-error.js';

const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Messages for the client-side failures Fastify itself raises, keyed by its error code. */
const FRAMEWORK_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type; send application/json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Request body is empty but the content type is JSON'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Content-Length does not match the body'],
  FST_ERR_BAD_URL: [400, 'Malformed URL'],
  FST_ERR_ASYNC_CONSTRAINT: [400, 'Bad request'],
};

function send(reply: FastifyReply, status: number, body: Omit<ErrorEnvelope, 'success' | 'requestId'>) {
  const payload: ErrorEnvelope = { success: false, ...body, requestId: String(reply.request.id) };
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(payload));
}

/**
 * Turns the validator's issues into coded field errors, the field being the dotted path. The validator is zod's
 * (fastify-type-provider-zod): each issue's `keyword` is zod's issue code and its `params` the rest of the issue.
 */
function fieldErrors(error: FastifyError, request: FastifyRequest): CodedFieldErrors {
  const context = error.validationContext ?? 'body';
  const input = (request as unknown as Record<string, unknown>)[context];
  const issues: PathIssue[] = (error.validation ?? []).map((issue) => {
    const params = (issue.params ?? {}) as Omit<SchemaIssue, 'code'>;
    return {
      ...params,
      code: issue.keyword,
      path: issue.instancePath.split('/').filter((key) => key !== ''),
      message: issue.message ?? 'Invalid value',
    };
  });
  return schemaFieldErrors(issues, input, context);
}

/**
 * One error shape for the whole API: validation 422 with field errors (each message with its code), framework
 * 4xx with a plain message, and a generic 500 whose detail only goes to the log (with the request id the client
 * also receives).
 */
export type PageNotFound = (request: FastifyRequest, reply: FastifyReply) => unknown;

export function installErrorHandling(app: FastifyInstance) {
  let pageNotFound: PageNotFound | undefined;
  // A second router that knows every route, so a known path with the wrong method answers 405, not 404.
  const knownRoutes = FindMyWay({ ignoreTrailingSlash: true });
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!METHODS.includes(method as HTTPMethod)) continue;
      if (!knownRoutes.hasRoute(method as HTTPMethod, route.url))
        knownRoutes.on(method as HTTPMethod, route.url, () => {});
    }
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      // An expected failure on our side (a payment provider down): the client hears the message, the log the cause.
      if (error.statusCode >= 500) request.log.error({ err: error, cause: error.cause }, error.message);
      if (error.retryAfterS !== undefined) void reply.header('retry-after', String(error.retryAfterS));
      return send(reply, error.statusCode, {
        message: error.message,
        ...(error.errors && envelopeFieldErrors(error.errors)),
        ...error.details,
      });
    }
    if (error.validation) {
      return send(reply, 422, {
        message: 'The given data was invalid',
        ...envelopeFieldErrors(fieldErrors(error, request)),
      });
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return send(reply, known[0], { message: known[1] });
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return send(reply, 400, { message: 'Malformed JSON body' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return send(reply, status, { message: status === 429 ? 'Too many requests' : 'Bad request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { message: 'Something went wrong on our side. Please try again.' });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // A route of this very method that declined the request (e.g. a static file not to be served) is a 404.
    const declined = Boolean(knownRoutes.find(request.method as HTTPMethod, path));
    const allowed = declined ? [] : METHODS.filter((m) => m !== request.method && knownRoutes.find(m, path));
    if (allowed.length > 0) {
      void reply.header('allow', allowed.join(', '));
      return send(reply, 405, { message: `Method ${request.method} is not allowed here` });
    }
    // Outside the API, an unknown address is a storefront page: the shop's own not-found page.
    if (
      pageNotFound &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|storage)(\/|$)/.test(path)
    ) {
      return pageNotFound(request, reply);
    }
    return send(reply, 404, { message: 'Not found' });
  });

  return {
    setPageNotFound: (handler: PageNotFound) => {
      pageNotFound = handler;
    },
  };
}
