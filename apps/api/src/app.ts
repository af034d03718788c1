import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './env.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { demoNeeded, loadDemo, seedDemoCatalog } from './db/seed/index.js';
import { ensureDemoMedia, NO_DEMO_MEDIA } from './media/render.js';
import { installErrorHandling } from './plugins/errors.js';
import { registerSecurityHeaders, securityHeaders } from './plugins/security.js';
import { registerDocs } from './plugins/docs.js';
import { registerStorage } from './plugins/storage.js';
import { registerMetrics } from './plugins/metrics.js';
import { Metrics } from './metrics/index.js';
import { openStorage } from './storage/open.js';
import type { Storage } from './storage/index.js';
import { loadSiteAssets, registerSite } from './plugins/site/index.js';
import { CatalogService, catalogRoutes, searchAdminRoutes } from './modules/catalog/index.js';
import { shippingAdminRoutes, shippingRoutes } from './modules/shipping/index.js';
import { contactRoutes } from './modules/contact/index.js';
import { authModule } from './modules/auth/index.js';
import { createThrottle, MemoryRateLimitStore, RateLimiter, RedisRateLimitStore } from './lib/rate-limit.js';
import { connectRedis } from './lib/redis.js';
import { CartService, cartRoutes } from './modules/cart/index.js';
import { accountModule } from './modules/account/index.js';
import { systemRoutes } from './modules/system/index.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { redactUrl } from './lib/log-redaction.js';
import { BROTLI_PARAMS, COMPRESS_THRESHOLD, ENCODINGS } from './lib/compression.js';
import { ensureDataDir } from './lib/data-dir.js';
import {
  createGateway,
  registerApplePayDomain,
  RefundSender,
  refundGauge,
} from './modules/payments/index.js';
import {
  CashOnDelivery,
  PaymentLinkPayments,
  PaymentService,
  offlinePaymentRoutes,
  paymentRoutes,
} from './modules/checkout/index.js';
import { OrderService, Reconciler, orderRoutes, OrderMails } from './modules/orders/index.js';
import { StockService, stockGauge } from './modules/stock/index.js';
import { AlertsSweeper, StockAlerts, UnsubscribeTokens, alertsRoutes } from './modules/alerts/index.js';
import { ensureJwtSecret, shopIdentity } from './env.js';
import { ManualOrders, adminRoutes } from './modules/admin/index.js';
import { discountAdminRoutes, releaseClaims } from './modules/discounts/index.js';
import { OutboxWorker, outboxGauges } from './modules/outbox/index.js';
import { staffRoutes } from './modules/staff/index.js';
import {
  RefundService,
  RefundMails,
  adminRefundRoutes,
  creditNoteRoutes,
  enqueueSoldOutRefundMails,
} from './modules/refunds/index.js';
import {
  ReturnService,
  ReturnMails,
  AfterSaleView,
  adminReturnRoutes,
  returnRoutes,
} from './modules/returns/index.js';

export interface BuildOptions {
  /** Render the demo artwork that is missing under the storage dir (off in most tests: it takes seconds). */
  renderDemoMedia?: boolean;
  /** An already open database (tests share one per file). */
  database?: DatabaseHandle;
  /** Replaces the configured mailer (tests that need to see or break the mail). */
  mailer?: Mailer;
  /** Where log lines go instead of stdout (tests that read the security log). */
  logStream?: { write(line: string): void };
  /** The clock stock holds are measured by (tests move it to expire holds). */
  now?: () => Date;
  /** Told of every route as it is added (the test that classifies every admin route collects them). */
  onRoute?: (route: RouteOptions) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    catalog: CatalogService;
    mailer: Mailer;
    /** Turns paid payments without an order into orders (tests call `sweep` directly). */
    reconciler: Reconciler;
    /** Pictures and uploads: DATA_DIR/storage or the S3 bucket. */
    storage: Storage;
    /** Prometheus metrics; each module defines its gauges in its `gauges.ts`, registered here (see metrics/index.ts). */
    metrics: Metrics;
    /** Pieces per size: holds, sales, expiry (tests call `sweep` directly). */
    stock: StockService;
    /** Delivers the e-mail outbox (tests call `deliverDue` directly). */
    outbox: OutboxWorker;
    /** The order e-mails: the back office calls `enqueueOrderStatusMail(tx, orderId, ...)` when it moves one. */
    orderMails: OrderMails;
    /** Sends refunds to the gateway; the stock sweep retries those left pending (tests call `retryDue`). */
    refundSender: RefundSender;
    /** The owner's digest and the checkout reminders (tests call `sweep` directly). */
    alerts: AlertsSweeper;
  }
}

/** Instances starting together on one database render the demo artwork once, one after the other. */
export const MEDIA_LOCK = 72_410_003;

const REQUEST_ID = /^[\w.-]{8,64}$/;

/** Everything wired and ready, not listening: `server.ts` listens, tests call `listen({ port: 0 })`. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // One JSON object a line in production and tests (for the log collector); readable lines while developing.
      ...(options.logStream ? { stream: options.logStream } : config.env === 'development' && prettyLogs()),
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
      serializers: {
        // Fastify's own request serializer, with the secrets of sign-in URLs taken out of `url`.
        req: (req) => ({
          method: req.method,
          url: redactUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket.remotePort,
        }),
      },
    },
    bodyLimit: 1024 * 1024,
    // A hop count trusts that many proxies nearest to us (proxy-addr's rule, which Fastify's types leave out).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // A caller's id (e.g. from the load balancer) is kept when it looks like one; otherwise we make one.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Errors the router raises before any hook runs (a malformed or too long address): answered in the API's
    // envelope with the same security headers as everything else, and without repeating the address.
    frameworkErrors: (error, request, typedReply) => {
      const reply = typedReply as unknown as FastifyReply;
      const [status, message]: [400 | 414, string] =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? [414, 'The address is too long.']
          : error.code === 'FST_ERR_BAD_URL'
            ? [400, 'Malformed URL']
            : [400, 'Bad request'];
      void reply
        .headers(securityHeaders(config))
        .header('x-request-id', request.id)
        .code(status)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ success: false, message, requestId: String(request.id) }));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const errorHandling = installErrorHandling(app);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  // Rate limit counters: shared by every instance in Redis when REDIS_URL is set, else kept in this process.
  // Connected first, so that a server that does not answer stops the start before anything is opened.
  const redis = config.redisUrl
    ? await connectRedis(config.redisUrl, app.log, { commandMs: config.redisTimeoutMs, connectMs: 5_000 })
    : undefined;
  if (redis) app.addHook('onClose', () => redis.close());

  ensureDataDir(config.dataDir);
  // A bucket that cannot be reached stops the start too, with the store's own reason.
  const storage = await openStorage(config.storage);
  app.addHook('onClose', () => storage.close());
  await storage.check().catch((err: unknown) => {
    storage.close();
    void redis?.close();
    throw new Error(
      `S3_BUCKET: could not reach ${storage.location} (${err instanceof Error ? err.name + ': ' + err.message : String(err)})`,
      { cause: err },
    );
  });
  app.decorate('storage', storage);
  const metrics = new Metrics();
  app.decorate('metrics', metrics);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: `${config.dataDir}/db`,
      onError: (err) => app.log.error({ err }, 'database connection error'),
    }));
  app.decorate('config', config);
  const mailer = options.mailer ?? createMailer(config.mail);
  app.decorate('mailer', mailer);
  app.addHook('onClose', () => mailer.close());
  app.decorate('database', database);
  if (!options.database) app.addHook('onClose', () => database.close());

  const rateLimits = redis
    ? new RedisRateLimitStore(redis.commands, {
        prefix: `${config.redisPrefix}rate:`,
        fallback: new MemoryRateLimitStore(),
        // The outage is logged once by the guard (lib/redis.ts); each failed count only falls back.
        onError: (err) => app.log.debug({ err }, 'a rate limit was counted in this instance only'),
      })
    : new MemoryRateLimitStore();

  await migrateDatabase(database);
  // The demo package is loaded only when this start seeds or draws the demo: a shop without it starts empty.
  const demoWanted = await demoNeeded(database.db, config.seedDemo);
  const demo = demoWanted ? await loadDemo() : undefined;
  if (demoWanted && !demo)
    app.log.info('no demo catalogue: its package (packages/demo) is not installed here');
  if (config.seedDemo && (await seedDemoCatalog(database, demo))) app.log.info('demo catalogue seeded');
  if (options.renderDemoMedia ?? true) {
    const started = setTimeout(() => app.log.info('rendering the demo artwork (first start only)'), 1000);
    const media = await database
      .withLock(MEDIA_LOCK, () => ensureDemoMedia(storage, demo?.demoMedia() ?? NO_DEMO_MEDIA))
      .finally(() => clearTimeout(started));
    if (media.rendered > 0) app.log.info(media, 'demo artwork rendered');
  }

  const catalog = new CatalogService(database.db, config.catalogCacheTtlMs, storage.publicUrl);
  app.decorate('catalog', catalog);
  metrics.countersFrom({
    name: 'boutique_cache_lookups_total',
    help: 'Lookups of cached catalogue answers, by result (hit: answered without querying the database)',
    labelNames: ['cache', 'result'],
    read: () => [
      { labels: { cache: 'catalog', result: 'hit' }, value: catalog.cache.hits },
      { labels: { cache: 'catalog', result: 'miss' }, value: catalog.cache.misses },
    ],
  });
  // The search's copy of the catalogue is loaded before the first shopper asks (warm: a few statements).
  app.addHook('onReady', () => {
    catalog.searchIndex.get().catch((err: unknown) => app.log.warn({ err }, 'search index not loaded yet'));
  });
  const unlisten = await database.listen('catalog_changed', () => catalog.invalidate());
  app.addHook('preClose', () => unlisten());
  // A stock change names its product: only the answers and pages showing it go. Without a name (a reconnect
  // that may have missed some, a truncation) everything goes.
  const unlistenStock = await database.listen('stock_changed', (productId) =>
    productId && /^\d+$/.test(productId) ? catalog.stockChanged([Number(productId)]) : catalog.invalidate(),
  );
  app.addHook('preClose', () => unlistenStock());

  const gateway = createGateway(config, database.db);
  if (gateway.testMode) app.log.info({ gateway: gateway.name }, 'payments in test mode: no real money moves');
  const shop = shopIdentity(config);
  const outbox = new OutboxWorker(
    database.db,
    mailer,
    { ...config.outbox, messageIdDomain: new URL(config.publicUrl).hostname },
    app.log,
  );
  app.decorate('outbox', outbox);
  outboxGauges(database.db).forEach((g) => metrics.gauge(g));
  if (config.outbox.worker) {
    app.addHook('onReady', async () => outbox.start((wake) => database.listen('outbox_ready', () => wake())));
  }
  // After the instance stopped taking requests, before the mailer and the database close.
  app.addHook('preClose', () => outbox.stop());
  const orderMails = new OrderMails(shop, config.invoice.trn !== undefined);
  app.decorate('orderMails', orderMails);
  const now = options.now ?? (() => new Date());
  // Refunds are written before the gateway is asked; a success is recorded with the order's side of it (the
  // refund service, made below) in one transaction.
  const settles: { by?: RefundService } = {};
  const refundSender = new RefundSender(database.db, gateway, {
    now,
    log: app.log,
    onSucceeded: async (tx, refund) => settles.by?.settled(tx, refund),
  });
  app.decorate('refundSender', refundSender);
  const unsubscribeTokens = new UnsubscribeTokens(ensureJwtSecret(config));
  const stockAlerts = new StockAlerts(shop, unsubscribeTokens, config.alerts.lowStockThreshold);
  const stock = new StockService(database.db, gateway, {
    holdMinutes: config.stock.holdMinutes,
    sweepIntervalS: config.stock.sweepIntervalS,
    limits: config.stock,
    now,
    log: app.log,
    refunds: refundSender,
    onRefund: (tx, refund) => enqueueSoldOutRefundMails(tx, refund, shop),
    // A payment's discount use is held and given back with its pieces.
    onRelease: releaseClaims,
    // Low stock and back in stock, written with the move that causes them.
    onMoves: stockAlerts.onMoves,
  });
  app.decorate('stock', stock);
  metrics.gauge(stockGauge(stock));
  metrics.gauge(refundGauge(refundSender));
  const refundService = new RefundService(database.db, {
    sender: refundSender,
    stock,
    mails: new RefundMails(shop),
    taxInvoices: config.invoice.trn !== undefined,
    log: app.log,
  });
  settles.by = refundService;
  const returnService = new ReturnService(database.db, {
    stock,
    refunds: refundService,
    mails: new ReturnMails({ ...shop, address: config.invoice.address }),
    returnDays: config.returns.days,
    now,
    log: app.log,
  });
  app.addHook('onReady', async () => stock.start());
  app.addHook('preClose', () => stock.stop());
  const orders = new OrderService(database.db, gateway, {
    mails: orderMails,
    taxInvoices: config.invoice.trn !== undefined,
    publicUrl: storage.publicUrl,
    metrics,
    log: app.log,
    stock,
    refunds: refundService,
    afterSale: new AfterSaleView(database.db, { now, returnDays: config.returns.days }),
  });
  const reconciler = new Reconciler(
    database.db,
    orders,
    {
      afterS: config.payments.reconcileAfterS,
      intervalS: config.payments.reconcileIntervalS,
      poll: gateway.parseWebhook !== undefined,
    },
    app.log,
    metrics,
    stock,
  );
  const payments = new PaymentService(database.db, gateway, reconciler, app.log, stock);
  const cashOnDelivery = new CashOnDelivery(database.db, orders, config.payments.cashOnDelivery);
  const paymentLinks = new PaymentLinkPayments(database.db, gateway, orders, reconciler, app.log);
  app.decorate('reconciler', reconciler);
  app.addHook('onReady', async () => reconciler.start());
  app.addHook('preClose', () => reconciler.stop());
  const cartService = new CartService(database.db, storage.publicUrl, stock);
  const alerts = new AlertsSweeper(database.db, {
    intervalS: config.alerts.sweepIntervalS,
    digestHour: config.alerts.digestHour,
    defaultThreshold: config.alerts.lowStockThreshold,
    shop,
    reminders: { afterMs: config.alerts.reminderAfterMs, shop, tokens: unsubscribeTokens, cart: cartService },
    now,
    log: app.log,
  });
  app.decorate('alerts', alerts);
  app.addHook('onReady', async () => alerts.start());
  app.addHook('preClose', () => alerts.stop());

  const site = await loadSiteAssets(config);
  registerSecurityHeaders(app, config, site.template?.scriptHashes);
  // Pages and answers are compressed as they are sent (lib/compression.ts; cached answers once, lib/send-cached.ts).
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: [...ENCODINGS],
    brotliOptions: { params: BROTLI_PARAMS },
  });
  await registerDocs(app, config);
  await registerStorage(app, storage);
  registerMetrics(app, metrics, config.metricsToken);

  await app.register(cookie);
  await app.register(
    async (api) => {
      await api.register(systemRoutes, { database, redis, storage });
      await api.register(catalogRoutes, { catalog });
      await api.register(shippingRoutes, { db: database.db });
      await api.register(contactRoutes, {
        db: database.db,
        limiter: new RateLimiter(rateLimits),
        perIp: config.auth.rateLimits.contactPerIp,
        shop,
      });
      await api.register(authModule, { db: database.db, config, rateLimits, redis, storage });
      // After the auth module: the cart's routes need `app.authenticate`.
      await api.register(cartRoutes, {
        service: cartService,
        throttle: createThrottle(new RateLimiter(rateLimits)),
        discountLimits: {
          perUser: { name: 'discount:user', ...config.auth.rateLimits.discountPerUser },
          perIp: { name: 'discount:ip', ...config.auth.rateLimits.discountPerIp },
        },
      });
      await api.register(discountAdminRoutes, { db: database.db });
      await api.register(accountModule, { db: database.db });
      // After authModule: these routes use app.authenticate.
      await api.register(paymentRoutes, {
        config,
        gateway,
        payments,
        orders,
        reconciler,
        metrics,
        stock,
        cashOnDelivery,
      });
      await api.register(offlinePaymentRoutes, { gateway, cashOnDelivery, links: paymentLinks });
      const issuer = {
        name: config.shop.name,
        address: config.invoice.address,
        trn: config.invoice.trn,
        email: config.shop.email,
        phone: config.shop.phone,
      };
      await api.register(orderRoutes, { db: database.db, orders, issuer });
      const afterSale = { db: database.db, refunds: refundService, returns: returnService, issuer };
      await api.register(creditNoteRoutes, afterSale);
      await api.register(returnRoutes, afterSale);
      await api.register(adminRefundRoutes, afterSale);
      await api.register(adminReturnRoutes, afterSale);
      await api.register(adminRoutes, {
        db: database.db,
        storage,
        stock,
        orders,
        shop: {
          name: config.shop.name,
          email: config.shop.email,
          phone: config.shop.phone,
          url: config.publicUrl,
        },
        timeZone: config.shop.timeZone,
        catalogueImport: { ...config.catalogueImport, limiter: new RateLimiter(rateLimits) },
        desk: {
          limiter: new RateLimiter(rateLimits),
          replyPerAdmin: config.auth.rateLimits.replyPerAdmin,
          language: config.shopLanguage,
        },
        manualOrders: new ManualOrders(database.db, orders, orderMails, {
          cashOnDelivery: config.payments.cashOnDelivery,
          paymentLinkHours: config.payments.paymentLinkHours,
          gateway: gateway.name,
        }),
      });
      await api.register(alertsRoutes, {
        db: database.db,
        limiter: new RateLimiter(rateLimits),
        limits: config.alerts.requestLimits,
        tokens: unsubscribeTokens,
        shop,
      });
      await api.register(searchAdminRoutes, { db: database.db });
      await api.register(shippingAdminRoutes, { db: database.db });
      await api.register(staffRoutes, {
        db: database.db,
        throttle: createThrottle(new RateLimiter(rateLimits)),
        settings: {
          publicUrl: config.publicUrl,
          shopName: config.shop.name,
          inviteHours: config.auth.staffInviteHours,
        },
      });
    },
    { prefix: '/api' },
  );
  registerApplePayDomain(app, config.payments.applePayDomainAssociation);
  await registerSite(app, config, catalog, site, errorHandling.setPageNotFound);

  return app;
}

/**
 * pino-pretty's transport when it is installed (a development dependency: absent from the production image,
 * where logs stay JSON whatever NODE_ENV says).
 */
function prettyLogs() {
  try {
    import.meta.resolve('pino-pretty');
  } catch {
    return undefined;
  }
  return {
    transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } },
  };
}
