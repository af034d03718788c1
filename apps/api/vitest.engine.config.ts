import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * The API tests whose outcome can depend on the database engine or on Redis: CI runs these again on a
 * PostgreSQL server with Redis (`npm run test:engine` with DATABASE_URL and REDIS_URL), after the whole suite
 * on PGlite. PGlite runs one statement at a time on one connection, so row locks, `skip locked` claims,
 * advisory locks and racing requests only contend on a server; the server is PostgreSQL 15 where PGlite is 18;
 * and REDIS_URL moves rate limits and sign-out to Redis. Decision 032 gives each file's reason; a new test file
 * that touches any of these belongs here.
 */
export const engineDependent = [
  // Redis: the limiter's store, and sign-ins ended at once through Redis; limits counted there (429s).
  'src/lib/rate-limit.test.ts',
  'test/auth.test.ts',
  'test/account.test.ts',
  'test/password-reset.test.ts',
  'test/security.test.ts',
  'test/social-auth.test.ts',
  'test/operations.test.ts',
  // Several instances: NOTIFY between them, shared counters.
  'test/multi-instance.test.ts',
  // Server only: moving an embedded shop to a server, restoring a pg_dump backup.
  'test/db-move.test.ts',
  'test/backup.test.ts',
  // Rows claimed with `for update skip locked` by concurrent workers and sweeps.
  'test/outbox.test.ts',
  'test/orders.test.ts',
  'test/refunds-stripe.test.ts',
  // Row locks under racing requests: stock holds, carts, payments, refunds, returns, versions, roles.
  'test/stock.test.ts',
  'test/stock-stripe.test.ts',
  'test/variants.test.ts',
  'test/cart.test.ts',
  'test/payments.test.ts',
  'test/refunds.test.ts',
  'test/returns.test.ts',
  'test/edits.test.ts',
  'test/admin.test.ts',
  // Bulk product changes under row locks (all or nothing), money rounding and the VAT report's sums.
  'test/bulk-and-exports.test.ts',
  // The owner's desk: tag versions under row locks, replies counted per admin in Redis (429), GIN on text[].
  'test/owner-desk.test.ts',
  // Discount codes claimed by racing shoppers under the code's row lock; attempts counted per account (429).
  'test/discounts.test.ts',
  // SQL whose answers differ between versions: pg_trgm and text search, interval arithmetic.
  'test/search.test.ts',
  'test/search-text-sql.test.ts',
  'test/search-relevance.test.ts',
  // Versioned collection writes, their memberships and the catalogue cache dropped by the database's NOTIFY.
  'test/collections-admin.test.ts',
  'test/stripe-reconcile.test.ts',
  // One transaction for a whole catalogue import: versions claimed, stock adjusted under what payments hold.
  'test/product-csv.test.ts',
  // Roles read at every call, an invitation spent by a conditional update under racing accepts.
  'test/staff-roles.test.ts',
  // The shop's alerts: written in the stock's transactions; the digest's day and the reminders claimed by racing sweeps.
  'test/shop-alerts.test.ts',
];

export default defineConfig({ ...base, test: { ...base.test, include: engineDependent } });
