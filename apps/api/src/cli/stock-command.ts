/**
 * `npm run stock -- <slug> <size> <count> --color=<key>` sets how many pieces of a product's colour × size are
 * for sale (not sold yet), `... <size> +3` or `-1` adds or takes away pieces
 * (`--reason=received|correction|damaged|returned|other`, `--note=...`); `--color` may be left out for a product
 * with one colour or none. `npm run stock -- <slug>` shows every colour × size's count. Every change is a stock adjustment written
 * to the product's stock history (a count is the difference with what it finds, as a correction), like those of
 * the back office (decision 028). Same configuration as the shop (env.ts): the embedded database under DATA_DIR
 * (the shop must be stopped: it is open in one process at a time), or DATABASE_URL (works while the shop runs;
 * every instance hears of the change). The command itself is `stock.ts`, beside this file.
 */
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { StockAdjustmentCreateSchema } from '@boutique/contracts/admin';
import { parseWholeNumber } from '@boutique/contracts/constants';
import { HttpError } from '../lib/http-error.js';
import { createGateway } from '../modules/payments/index.js';
import { StockAlerts, UnsubscribeTokens } from '../modules/alerts/index.js';
import { StockService } from '../modules/stock/index.js';
import { ensureJwtSecret, shopIdentity } from '../env.js';
import { openShopDatabase, type CommandIo } from './command.js';

const USAGE =
  'Usage: npm run stock -- <product-slug> [<size> <count> | <size> +<n> | <size> -<n>] [--color=<colour>] [--reason=<reason>] [--note=<text>]';

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
  // Read by hand rather than with parseArgs: "-1" is a change of the count, not an unknown option.
  if (argv.includes('-h') || argv.includes('--help')) {
    out(
      `${USAGE}\nA count sets the pieces of a colour and size that are for sale (sold pieces are not counted; ` +
        'pieces held by payments under way are); +n or -n adds or takes away pieces (reason: received for +, ' +
        'correction for -). --color names the colour by its key (emerald); leave it out for a product with one ' +
        'colour or none. Each change is written to the stock history. With the slug alone, shows every colour and size.',
    );
    return 0;
  }
  const options = new Map<string, string>();
  const words: string[] = [];
  for (const arg of argv) {
    const option = /^--(reason|note|color)=(.*)$/s.exec(arg);
    if (option) options.set(option[1]!, option[2]!);
    else words.push(arg);
  }
  const [slug, size, countText, ...extra] = words;
  if (!slug || extra.length > 0 || (size !== undefined && countText === undefined)) {
    err(`Give a product slug, and to change a count, a size and the count (or +n, -n).\n${USAGE}`);
    return 2;
  }
  const relative = countText !== undefined && /^\s*[+\-\u2212]/.test(countText);
  const number = countText === undefined ? undefined : parseWholeNumber(countText);
  if (countText !== undefined && !relative && !(number !== undefined && number >= 0 && number <= 100_000)) {
    err(`The count must be a whole number from 0 to 100000, or +n / -n, not "${countText}".\n${USAGE}`);
    return 2;
  }
  let change:
    | { delta: number; reason: z.infer<typeof StockAdjustmentCreateSchema>['reason']; note?: string }
    | undefined;
  if (relative) {
    const checked = StockAdjustmentCreateSchema.safeParse({
      size: size?.trim().toUpperCase(),
      delta: countText,
      reason: options.get('reason') ?? ((number ?? 0) > 0 ? 'received' : 'correction'),
      note: options.get('note'),
    });
    if (!checked.success) {
      const problems = Object.values(z.flattenError(checked.error).fieldErrors).flat();
      err(`${problems.join(' ')}\n${USAGE}`);
      return 2;
    }
    change = checked.data;
  } else if (options.has('reason') || options.has('note')) {
    err(`--reason and --note go with +n or -n; a count is recorded as a correction.\n${USAGE}`);
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
      // The owner's low-stock alert and the shoppers' back-in-stock e-mails, as for a change in the back office.
      onMoves: new StockAlerts(
        shopIdentity(config),
        new UnsubscribeTokens(ensureJwtSecret(config)),
        config.alerts.lowStockThreshold,
      ).onMoves,
    });
    if (size !== undefined && (change || number !== undefined)) {
      const variant = { size, color: options.get('color') };
      try {
        const set = change
          ? await stock.adjustBySlug(slug, variant, change.delta, change.reason, change.note)
          : await stock.setCount(slug, variant, number!);
        out(
          `${set.slug} ${set.color ? `${set.color}, ` : ''}size ${set.size}: ${set.stock} for sale` +
            (set.reserved > 0 ? ` (${set.reserved} held by payments under way)` : '') +
            (set.delta === 0
              ? ', unchanged.'
              : `; ${set.delta > 0 ? '+' : ''}${set.delta} in the stock history.`),
        );
      } catch (e) {
        if (!(e instanceof HttpError)) throw e;
        err(Object.values(e.errors ?? {})[0]?.[0]?.message ?? e.message);
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
    const width = Math.max(0, ...counts.variants.map((v) => v.color.length));
    for (const v of counts.variants) {
      out(
        `  ${width > 0 ? `${v.color.padEnd(width)} ` : ''}${v.size.padEnd(2)} ${String(v.stock).padStart(5)} for sale${v.reserved > 0 ? `, ${v.reserved} held` : ''}`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}
