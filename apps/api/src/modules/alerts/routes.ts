import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CheckoutReminderResponseSchema,
  CheckoutReminderSchema,
  StockRequestResponseSchema,
  StockRequestSchema,
  StockRequestsWaitingSchema,
  type Language,
} from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { emailLanguage, escapeHtml } from '../../lib/mail-layout.js';
import { mailText } from '../../lib/mail-texts.js';
import { privateRoutes } from '../../lib/private-routes.js';
import { clientKey, createThrottle, type RateLimiter } from '../../lib/rate-limit.js';
import { requireUser } from '../../plugins/auth.js';
import { requireAdmin } from '../../plugins/roles.js';
import type { AlertsShop } from './mails.js';
import {
  cancelStockRequests,
  reminderChoice,
  requestStock,
  setReminderChoice,
  waitingRequests,
} from './requests.js';
import type { UnsubscribeKind, UnsubscribeTokens } from './tokens.js';

export interface AlertsRoutesOptions {
  db: Database;
  limiter: RateLimiter;
  limits: { perIp: { max: number; windowS: number }; perEmail: { max: number; windowS: number } };
  tokens: UnsubscribeTokens;
  shop: AlertsShop;
}

const tags = ['alerts'];
const ANSWER = 'Thank you: we will write to you once when this size is back.';

/**
 * "Tell me when it is back", the unsubscribe links of the shop's automatic mail, the shopper's choice of the
 * checkout reminder and the back office's count of waiting requests.
 */
export const alertsRoutes: FastifyPluginAsyncZod<AlertsRoutesOptions> = async (app, options) => {
  const { db, limiter, limits, tokens, shop } = options;
  const throttle = createThrottle(limiter);

  app.post(
    '/v1/products/:slug/stock-requests',
    {
      schema: {
        tags,
        summary:
          'Ask to be e-mailed once when a sold-out colour × size is back (the same answer whether the address is known or not; STOCK_REQUEST_LIMIT_PER_IP and _PER_EMAIL an hour)',
        params: z.object({ slug: z.string().max(200) }),
        body: StockRequestSchema,
        response: { 201: StockRequestResponseSchema },
      },
    },
    async (req, reply) => {
      await throttle(req, reply, [
        [{ name: 'stock-request:ip', ...limits.perIp }, clientKey(req.ip)],
        [{ name: 'stock-request:email', ...limits.perEmail }, req.body.email],
      ]);
      await requestStock(db, req.params.slug.toLowerCase(), req.body);
      return reply.code(201).send({ success: true as const, data: { message: ANSWER } });
    },
  );

  // The unsubscribe page: opening the link only asks (mail scanners open links); its button does it.
  await app.register(async (scope) => {
    const page = scope.withTypeProvider<ZodTypeProvider>();
    page.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _b, done) =>
      done(null, {}),
    );
    const params = z.object({
      kind: z.enum(['stock-requests', 'checkout-reminders']),
      token: z.string().max(400),
    });
    const querystring = z.object({ lang: z.string().max(10).optional() });
    page.get(
      '/v1/unsubscribe/:kind/:token',
      {
        schema: {
          tags,
          summary: 'The page of an unsubscribe link: a button that confirms',
          params,
          querystring,
        },
      },
      async (req, reply) => {
        const lang = emailLanguage(req.query.lang);
        const valid = tokens.verify(req.params.kind, req.params.token) !== undefined;
        return sendPage(
          reply,
          valid ? 200 : 404,
          unsubscribePage(lang, shop.name, valid ? 'ask' : 'invalid'),
        );
      },
    );
    page.post(
      '/v1/unsubscribe/:kind/:token',
      {
        schema: {
          tags,
          summary: 'Stops the e-mails an unsubscribe link names (no sign-in)',
          params,
          querystring,
        },
      },
      async (req, reply) => {
        const lang = emailLanguage(req.query.lang);
        const subject = tokens.verify(req.params.kind, req.params.token);
        if (subject !== undefined) await unsubscribe(db, req.params.kind, subject);
        const state = subject === undefined ? 'invalid' : 'done';
        return sendPage(reply, subject === undefined ? 404 : 200, unsubscribePage(lang, shop.name, state));
      },
    );
  });

  await app.register(async (scope) => {
    const account = scope.withTypeProvider<ZodTypeProvider>();
    privateRoutes(account, { signedIn: true });
    account.get(
      '/v1/account/checkout-reminders',
      {
        schema: {
          tags,
          summary: 'Whether the shopper asked to be e-mailed their bag if they do not finish',
          response: { 200: CheckoutReminderResponseSchema },
        },
      },
      async (req) => ({
        success: true as const,
        data: { enabled: await reminderChoice(db, requireUser(req).id) },
      }),
    );
    account.put(
      '/v1/account/checkout-reminders',
      {
        schema: {
          tags,
          summary: 'Ticks or unticks "e-mail me my bag if I don\'t finish" (kept on the account)',
          body: CheckoutReminderSchema,
          response: { 200: CheckoutReminderResponseSchema },
        },
      },
      async (req) => {
        await setReminderChoice(db, requireUser(req).id, req.body.enabled);
        return { success: true as const, data: { enabled: req.body.enabled } };
      },
    );
  });

  await app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    privateRoutes(admin, { signedIn: true });
    admin.addHook('onRequest', async (req) => {
      await requireAdmin(db, req);
    });
    admin.get(
      '/v1/admin/products/:id/stock-requests',
      {
        schema: {
          tags: ['admin'],
          summary: 'Shoppers waiting for each sold-out colour × size of a product',
          params: z.object({ id: z.coerce.number().int().positive() }),
          response: { 200: StockRequestsWaitingSchema },
        },
      },
      async (req) => ({
        success: true as const,
        data: {
          waiting: (await waitingRequests(db, req.params.id)).map((w) => ({
            ...w,
            size: w.size as 'S' | 'M' | 'L' | 'XL',
          })),
        },
      }),
    );
  });
};

async function unsubscribe(db: Database, kind: UnsubscribeKind, subject: string) {
  if (kind === 'stock-requests') await cancelStockRequests(db, subject);
  else if (/^\d+$/.test(subject)) await setReminderChoice(db, Number(subject), false);
}

/** A small page of its own (not the storefront's): never cached, since it answers one link. */
const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

function unsubscribePage(lang: Language, shopName: string, state: 'ask' | 'done' | 'invalid') {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const title = escapeHtml(mailText(lang, 'unsubscribe.title'));
  const body =
    state === 'ask'
      ? `<p>${escapeHtml(mailText(lang, 'unsubscribe.ask'))}</p>
<form method="post"><button type="submit">${escapeHtml(mailText(lang, 'unsubscribe.confirm'))}</button></form>`
      : `<p role="status">${escapeHtml(mailText(lang, state === 'done' ? 'unsubscribe.done' : 'unsubscribe.invalid'))}</p>`;
  return `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="color-scheme" content="light dark"><title>${title} · ${escapeHtml(shopName)}</title></head>
<body style="max-width:32rem;margin:2rem auto;padding:0 1rem;font-family:Georgia,serif;line-height:1.5">
<h1 style="font-weight:normal">${title}</h1>
${body}
</body>
</html>
`;
}
