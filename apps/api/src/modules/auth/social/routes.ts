import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthResponseSchema,
  SOCIAL_PROVIDERS,
  SocialExchangeSchema,
  SocialProvidersResponseSchema,
  SocialStartQuerySchema,
  type SocialProvider,
} from '@boutique/contracts';
import { fieldError, HttpError, unprocessable } from '../../../lib/http-error.js';
import { escapeHtml } from '../../../lib/mail-layout.js';
import { clientKey, type RateLimit, type RateLimiter } from '../../../lib/rate-limit.js';
import type { Config } from '../../../env.js';
import { securityEvent } from '../../../lib/security-log.js';
import { clientOf } from '../routes.js';
import { REFRESH_COOKIE_PATH, sessionHttp } from '../session-http.js';
import { ProviderError } from './providers.js';
import {
  BINDING,
  INVALID_LOGIN_CODE,
  newBinding,
  PROVIDER_LABELS,
  type CallbackOutcome,
  type CallbackParams,
  type SocialAuthService,
} from './service.js';

export interface SocialRoutesOptions {
  social: SocialAuthService;
  limiter: RateLimiter;
  config: Config;
}

const tags = ['auth'];

/** What a provider may send back; anything else about the answer (scope, authuser, ...) is ignored. */
const CallbackParamsSchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  user: z.string().max(4096).optional(),
});

/**
 * An unexpected error, named without its message: a database error's message can quote the statement's
 * values (an e-mail address), so only the error's class and PostgreSQL code are logged.
 */
function describeError(err: unknown): string {
  const names: string[] = [];
  for (let e: unknown = err; e instanceof Error && names.length < 4; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    names.push(typeof code === 'string' ? `${e.name} ${code}` : e.name);
  }
  return names.join(' <- ') || 'unknown';
}

/** Apple's form_post body: small, flat, urlencoded. */
const FORM_BODY_LIMIT = 64 * 1024;

/** Marks Apple's answer as posted again by the shop's own page (see `samesitePost`). */
const RESUBMITTED = 'resubmitted';
const RESUBMIT_SCRIPT = 'document.forms[0].submit()';
const RESUBMIT_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${createHash('sha256').update(RESUBMIT_SCRIPT).digest('base64')}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Apple's answer posted again, from a page of the shop itself. Apple's form POST is cross-site, so a
 * SameSite=Lax binding cookie (plain http, where SameSite=None needs Secure) does not come with it; the same
 * fields posted by this same-origin page do carry it. Nothing is consumed before: the state is checked
 * against the cookie only when the browser comes back, and a second arrival without it is refused.
 */
function samesitePost(reply: FastifyReply, fields: Record<string, string>) {
  const inputs = Object.entries({ ...fields, [RESUBMITTED]: '1' })
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return reply
    .header('content-security-policy', RESUBMIT_CSP)
    .type('text/html; charset=utf-8')
    .send(
      '<!doctype html><html><head><meta charset="utf-8"><meta name="robots" content="noindex">' +
        '<title>Signing in…</title></head><body>' +
        `<form method="post" action="/api/v1/auth/apple/callback">${inputs}` +
        '<button type="submit">Continue signing in</button></form>' +
        `<script>${RESUBMIT_SCRIPT}</script></body></html>`,
    );
}

export const socialRoutes: FastifyPluginAsyncZod<SocialRoutesOptions> = async (
  app,
  { social, limiter, config },
) => {
  const { startSession, throttle } = sessionHttp(config, limiter);
  const https = config.publicUrl.startsWith('https://');
  // Binds a sign-in to the browser that began it. Over https it must come back with Apple's cross-site form
  // POST (SameSite=None, Secure); over plain http (the demo) Lax, which comes with the top-level GET and with
  // Apple's answer once the shop's own page has posted it again (samesitePost).
  const bindingCookie = https ? '__Secure-oauth_binding' : 'oauth_binding';
  const bindingOptions = {
    httpOnly: true,
    secure: https,
    sameSite: https ? 'none' : 'lax',
    path: REFRESH_COOKIE_PATH,
  } as const;
  const bindingOf = (request: FastifyRequest) => {
    const value = request.cookies[bindingCookie];
    return value !== undefined && BINDING.test(value) ? value : undefined;
  };
  // As many as password sign-ins: each start stores a state, each exchange is a guess at a code.
  const startPerIp: RateLimit = { name: 'social-start:ip', ...config.auth.rateLimits.loginPerIp };
  const exchangePerIp: RateLimit = { name: 'social-exchange:ip', ...config.auth.rateLimits.loginPerIp };

  // Redirects carry state, codes and one-time login codes: never cached, never passed on as a referrer.
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  });

  app.get(
    '/v1/auth/providers',
    {
      schema: {
        tags,
        summary: 'The social sign-in providers this shop offers (those with credentials configured)',
        response: { 200: SocialProvidersResponseSchema },
      },
    },
    async () => ({ success: true as const, data: { providers: social.enabled() } }),
  );

  const finish = async (
    request: FastifyRequest,
    reply: FastifyReply,
    provider: SocialProvider,
    raw: unknown,
  ) => {
    const parsed = CallbackParamsSchema.safeParse(raw ?? {});
    const params: CallbackParams = parsed.success ? parsed.data : { error: 'invalid_request' };
    let outcome: CallbackOutcome;
    try {
      outcome = await social.complete(provider, params, bindingOf(request));
    } catch (err) {
      // The shopper is navigating: a page with a message, not a JSON 500. The log gets no query or values.
      request.log.error({ provider, reason: describeError(err) }, 'social sign-in failed unexpectedly');
      return reply.redirect(social.errorLocation(social.callbackPage(provider), 'failed'), 302);
    }
    if (outcome.failure?.bindingMismatch) {
      securityEvent(request, 'oauth_binding_mismatch', { provider, reason: outcome.failure.reason });
    } else if (outcome.failure) {
      securityEvent(request, 'social_sign_in_refused', { provider, reason: outcome.failure.reason });
    } else {
      request.log.info({ provider, userId: outcome.userId }, 'social sign-in');
    }
    if (outcome.passwordRemoved) {
      securityEvent(request, 'password_removed', {
        userId: outcome.userId,
        provider,
        reason: 'the provider vouched for the address of an unverified account',
      });
    }
    return reply.redirect(outcome.location, 302);
  };

  for (const provider of SOCIAL_PROVIDERS) {
    const label = PROVIDER_LABELS[provider];

    app.get(
      `/v1/auth/${provider}`,
      {
        // A HEAD (a link checker, a prefetch) must not leave a state behind.
        exposeHeadRoute: false,
        schema: {
          tags,
          summary: `Start sign-in with ${label}: redirects to ${label}, which returns to /auth/${provider}/callback`,
          querystring: SocialStartQuerySchema,
        },
      },
      async (req, reply) => {
        const returnTo = social.returnAddress(provider, req.query.redirect_uri);
        if (!returnTo) {
          throw unprocessable('The given data was invalid', {
            redirect_uri: [
              fieldError(
                'not_allowed',
                `The redirect uri must be this shop's /auth/${provider}/callback page.`,
              ),
            ],
          });
        }
        if (!social.isEnabled(provider)) {
          return reply.redirect(social.errorLocation(returnTo, 'unavailable'), 302);
        }
        try {
          await throttle(req, reply, [[startPerIp, clientKey(req.ip)]]);
        } catch (err) {
          // A browser is navigating: the callback page says it rather than a JSON answer.
          if (err instanceof HttpError && err.statusCode === 429) {
            const minutes = Math.max(1, Math.ceil(Number(reply.getHeader('retry-after') ?? 60) / 60));
            return reply.redirect(social.errorLocation(returnTo, 'too_many', minutes), 302);
          }
          throw err;
        }
        const binding = bindingOf(req) ?? newBinding();
        try {
          const location = await social.begin(provider, returnTo, binding);
          void reply.setCookie(bindingCookie, binding, { ...bindingOptions, maxAge: 10 * 60 });
          return reply.redirect(location, 302);
        } catch (err) {
          if (err instanceof ProviderError) {
            req.log.warn({ provider, reason: err.message }, 'social sign-in could not start');
          } else {
            req.log.error({ provider, reason: describeError(err) }, 'social sign-in could not start');
          }
          return reply.redirect(social.errorLocation(returnTo, 'failed'), 302);
        }
      },
    );

    app.get(
      `/v1/auth/${provider}/callback`,
      {
        exposeHeadRoute: false,
        schema: {
          tags,
          summary: `${label} returns here; redirects to /auth/${provider}/callback with ?token=&provider= or ?error=`,
        },
      },
      (req, reply) => finish(req, reply, provider, req.query),
    );
  }

  // Apple answers with a form POST when the name or e-mail is asked for; the form parser exists only here.
  await app.register(async (form) => {
    form.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    form.post(
      '/v1/auth/apple/callback',
      {
        schema: {
          tags,
          summary:
            'Apple returns here (form_post); redirects to /auth/apple/callback with ?token= or ?error=',
        },
      },
      (req, reply) => {
        const fields = (req.body ?? {}) as Record<string, string>;
        if (bindingOf(req) === undefined && fields[RESUBMITTED] === undefined) {
          return samesitePost(reply, fields);
        }
        return finish(req, reply, 'apple', req.body);
      },
    );
  });

  app.post(
    '/v1/auth/social/exchange',
    {
      schema: {
        tags,
        summary: 'Trade the one-time code of the social callback page for a session (same answer as login)',
        body: SocialExchangeSchema,
        response: { 200: AuthResponseSchema },
      },
    },
    async (req, reply) => {
      await throttle(req, reply, [[exchangePerIp, clientKey(req.ip)]]);
      const session = await social.exchange(req.body.token, req.body.provider, bindingOf(req), clientOf(req));
      if (!session) throw new HttpError(401, INVALID_LOGIN_CODE);
      void reply.clearCookie(bindingCookie, bindingOptions);
      startSession(reply, session);
      securityEvent(req, 'signed_in', {
        userId: session.user.id,
        reason: `social: ${req.body.provider}`,
        role: session.user.role,
      });
      return { success: true as const, data: session };
    },
  );
};
