/**
 * `npm run stock -- <slug> <size> <count>` sets how many pieces of a product's size are for sale (not sold
 * yet); `npm run stock -- <slug>` shows every size's count. Until the back office edits stock, this is how the
 * shop owner does. Same configuration as the shop (env.ts): the embedded database under DATA_DIR (the shop must
 * be stopped: it is open in one process at a time), or DATABASE_URL (works while the shop runs; every instance
 * hears of the change). The command itself is `stock.ts`, beside this file.
 */
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../lib/http-error.js';
import { createGateway } from '../modules/payments/index.js';
import { StockService } from '../modules/stock/service.js';
import { openShopDatabase, type CommandIo } from './command.js';

const USAGE = 'Usage: npm run stock -- <product-slug> [<size> <count>]';

const quiet = {
  level: 'silent',
  fatal: () => {},
  error: () => {},
  warn: () => {},
  info: () => {},
  debug: () => {},
  trace: () => {},
  silent: () => {},
  child: () => quiet,
} as unknown as FastifyBaseLogger;

/** Runs the command with its arguments; answers the exit code. */
export async function stockCommand(argv: string[], { out, err, env }: CommandIo): Promise<number> {
  // Read by hand rather than with parseArgs: a count of "-1" is a wrong count, not an unknown option.
  if (argv.includes('-h') || argv.includes('--help')) {
    out(
      `${USAGE}\nSets the pieces of a size that are for sale (sold pieces are not counted; pieces held by ` +
        'payments under way are). With the slug alone, shows every size.',
    );
    return 0;
  }
  const [slug, size, countText, ...extra] = argv;
  if (!slug || extra.length > 0 || (size !== undefined && countText === undefined)) {
    err(`Give a product slug, and to set a count, a size and the count.\n${USAGE}`);
    return 2;
  }
  const count = countText === undefined ? undefined : Number(countText);
  if (count !== undefined && !(/^\d+$/.test(countText ?? '') && count <= 100_000)) {
    err(`The count must be a whole number from 0 to 100000, not "${countText}".\n${USAGE}`);
    return 2;
  }

  const opened = await openShopDatabase({ out, err, env });
  if (typeof opened === 'number') return opened;
  const { config, database } = opened;
  try {
    const stock = new StockService(database.db, createGateway(config, database.db), {
      holdMinutes: config.stock.holdMinutes,
      sweepIntervalS: 0,
      now: () => new Date(),
      log: quiet,
    });
    if (size !== undefined && count !== undefined) {
      try {
        const set = await stock.setCount(slug, size, count);
        out(
          `${set.slug} size ${set.size}: ${set.stock} for sale` +
            (set.reserved > 0 ? ` (${set.reserved} held by payments under way).` : '.'),
        );
      } catch (e) {
        if (!(e instanceof HttpError)) throw e;
        err(e.message);
        return 1;
      }
      return 0;
    }
    const counts = await stock.counts(slug);
    if (!counts) {
      err(`No product has the slug "${slug}".`);
      return 1;
    }
    out(`${counts.slug} (${counts.status})`);
    for (const s of counts.sizes) {
      out(
        `  ${s.size.padEnd(2)} ${String(s.stock).padStart(5)} for sale${s.reserved > 0 ? `, ${s.reserved} held` : ''}`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}
