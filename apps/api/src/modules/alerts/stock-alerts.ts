import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LocalizedText } from '@boutique/contracts';
import { emailLanguage } from '../../lib/mail-layout.js';
import type { Database } from '../../db/client.js';
import { colors, productStock, products, stockRequests } from '../../db/schema/index.js';
import { enqueueMail, type Enqueue } from '../outbox/index.js';
import type { StockMovesHook, VariantMoved } from '../stock/index.js';
import { backInStockMail, lowStockMail, type AlertsShop } from './mails.js';
import type { UnsubscribeTokens } from './tokens.js';

/**
 * What the shop says when a count moves, written in the transaction that moved it (the stock module's one
 * writer of the history calls `onMoves`): the owner hears once that a variant came down to its product's
 * threshold (crossing it from above; not again until it has been above), and every shopper waiting for a
 * variant that has free pieces again gets one e-mail, their request marked notified in the same statement that
 * picks it, so no request is mailed twice however many moves or instances race.
 */
export class StockAlerts {
  constructor(
    private readonly shop: AlertsShop,
    private readonly tokens: UnsubscribeTokens,
    /** LOW_STOCK_THRESHOLD: the threshold of a product whose form leaves it empty. */
    private readonly defaultThreshold: number,
  ) {}

  readonly onMoves: StockMovesHook = async (tx, moved) => {
    for (const move of moved) {
      if (move.after === move.before) continue;
      const [product] = await tx
        .select({
          id: products.id,
          slug: products.slug,
          name: products.name,
          threshold: products.lowStockThreshold,
          archivedAt: products.archivedAt,
        })
        .from(products)
        .where(eq(products.id, move.productId))
        .limit(1);
      if (!product || product.archivedAt) continue;
      const colorName = move.color ? await colorNameOf(tx, move.color) : null;
      const threshold = product.threshold ?? this.defaultThreshold;
      if (move.before > threshold && move.after <= threshold) {
        await enqueueMail(tx, {
          kind: 'owner_low_stock',
          about: `product:${product.id}`,
          message: lowStockMail(
            {
              productId: product.id,
              name: product.name,
              colorName,
              size: move.size,
              count: move.after,
              threshold,
            },
            this.shop,
          ),
        });
      }
      if (move.after > move.before) await this.#backInStock(tx, move, { ...product, colorName });
    }
  };

  async #backInStock(
    tx: Database,
    move: VariantMoved,
    product: { slug: string; name: LocalizedText; colorName: LocalizedText | null },
  ) {
    const [free] = await tx
      .select({ free: sql<number>`(${productStock.stock} - ${productStock.reserved})::int` })
      .from(productStock)
      .where(
        and(
          eq(productStock.productId, move.productId),
          eq(productStock.color, move.color),
          eq(productStock.size, move.size),
        ),
      );
    if (!free || free.free <= 0) return;
    const waiting = await tx
      .update(stockRequests)
      .set({ notifiedAt: new Date() })
      .where(
        and(
          eq(stockRequests.productId, move.productId),
          eq(stockRequests.color, move.color),
          eq(stockRequests.size, move.size),
          isNull(stockRequests.notifiedAt),
          isNull(stockRequests.cancelledAt),
        ),
      )
      .returning({ id: stockRequests.id, email: stockRequests.email, language: stockRequests.language });
    const mails: Enqueue[] = waiting.map((r) => ({
      kind: 'back_in_stock',
      about: `stock-request:${r.id}`,
      message: backInStockMail(
        {
          email: r.email,
          lang: emailLanguage(r.language),
          slug: product.slug,
          name: product.name,
          color: move.color,
          colorName: product.colorName,
          size: move.size,
        },
        this.shop,
        this.tokens,
      ),
    }));
    await enqueueMail(tx, ...mails);
  }
}

async function colorNameOf(db: Database, key: string) {
  const [row] = await db.select({ name: colors.name }).from(colors).where(eq(colors.key, key)).limit(1);
  return row?.name ?? null;
}
