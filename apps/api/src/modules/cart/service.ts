import {
  CART_MAX_LINES,
  CART_MAX_QUANTITY,
  CURRENCY,
  CartAddSchema,
  type CartAdd,
  type CartMergeSkipped,
  type ServerCart,
} from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { fieldError, HttpError, unprocessable, type CodedFieldErrors } from '../../lib/http-error.js';
import { fromFils } from '../../lib/money.js';
import { UNAUTHENTICATED } from '../../plugins/auth.js';
import type { PublicUrl } from '../../storage/index.js';
import type { StockService } from '../stock/index.js';
import {
  cartCode,
  clearCartCode,
  discountRefusal,
  findCode,
  limitProblem,
  setCartCode,
  type AppliedDiscount,
} from '../discounts/index.js';
import { PLACEHOLDER_IMAGE, priceCart, type PricedCart } from './pricing.js';
import { cartTotals } from './totals.js';
import * as repo from './repository.js';
import type { CartProduct, LineKey } from './repository.js';

/**
 * The cart does not know where it ships: its figures leave shipping out (0), and checkout step 2 prices the rate
 * for the address (payment-pricing.ts). A free_shipping code shows as applied and takes the rate off there.
 */
const CART_SHIPPING_FILS = 0;

const INVALID = 'The given data was invalid';
export const ITEM_NOT_FOUND = 'Cart item not found.';
export const TOO_MANY_OF_ONE = `You can have at most ${CART_MAX_QUANTITY} of one item in your cart.`;
export const CART_FULL = `Your cart can hold at most ${CART_MAX_LINES} different items.`;

type Line = LineKey & { quantity: number };
type Problem = { reason: CartMergeSkipped['reason']; field: string; message: string };

/**
 * Checks an item against the product it names and resolves it to a cart line: the product exists and is
 * active, the colour is one it comes in (required when it has colours, refused when it has none) and the size
 * is one it offers. Colour keys are matched case-insensitively; no colour is stored as ''.
 */
function resolveLine(
  product: CartProduct | undefined,
  item: CartAdd,
): { line: Line } | { problems: Problem[] } {
  if (!product) {
    return { problems: [{ reason: 'not_found', field: 'slug', message: 'This product does not exist.' }] };
  }
  if (!product.active) {
    return {
      problems: [{ reason: 'unavailable', field: 'slug', message: 'This product is no longer available.' }],
    };
  }
  const problems: Problem[] = [];
  const color = (item.options.color ?? '').trim().toLowerCase();
  const colorProblem = checkColor(product.colorKeys, color);
  if (colorProblem) problems.push({ reason: 'option', field: 'options.color', message: colorProblem });
  const size = item.options.size;
  if (!product.sizes.includes(size)) {
    problems.push({
      reason: 'option',
      field: 'options.size',
      message: `This product does not come in size ${size}.`,
    });
  }
  if (problems.length > 0) return { problems };
  return { line: { productId: product.id, color, size, quantity: item.quantity } };
}

/** Why the colour does not fit the product, if it does not. */
function checkColor(offered: string[], color: string): string | undefined {
  if (offered.length === 0) {
    return color === '' ? undefined : 'This product does not come in a choice of colours.';
  }
  if (color === '') return 'Choose a colour.';
  return offered.includes(color) ? undefined : 'This product does not come in that colour.';
}

const normalSlug = (slug: string) => slug.trim().toLowerCase();

/** The answer to an add or update asking for more pieces of a size than the shopper can have: 422 naming it. */
/** "Size M of this piece is sold out in emerald." / "Only 2 left in size M in emerald." ('' colour: none named). */
function soldOutMessage(color: string, size: string, left: number) {
  const inColour = color ? ` in ${color}` : '';
  return left === 0
    ? `Size ${size} of this piece is sold out${inColour}.`
    : `Only ${left} left in size ${size}${inColour}.`;
}

function beyondStock(slug: string, line: { color: string; size: string }, left: number) {
  const message = soldOutMessage(line.color, line.size, left);
  return new HttpError(
    422,
    message,
    { quantity: [fieldError('out_of_stock', message)] },
    { shortages: [{ slug, color: line.color, size: line.size, left }] },
  );
}

/** The slug of an item that failed validation, when it has a readable one, for the merge report. */
function rawSlug(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null || !('slug' in raw)) return null;
  const { slug } = raw;
  return typeof slug === 'string' && slug.trim() !== '' ? slug.trim().slice(0, 200) : null;
}

/**
 * The priced cart as the API shows it, pictures at their public addresses, with its code and figures (the one
 * place they are made: totals.ts). A code that does not apply to the cart as it is now is shown with its
 * problem and takes nothing off.
 */
export function toServerCart(
  priced: PricedCart,
  publicUrl: PublicUrl,
  code: AppliedDiscount | undefined,
  now: Date = new Date(),
): ServerCart {
  const available = priced.lines.filter((l) => l.available);
  const totals = cartTotals(available, CART_SHIPPING_FILS, code, now);
  const d = totals.discount;
  return {
    items: priced.lines.map((l) => ({
      id: l.id,
      product: {
        id: l.productId,
        slug: l.slug,
        name: l.name,
        name_en: l.name.en,
        name_fr: l.name.fr,
        name_ar: l.name.ar,
        available: l.available,
      },
      price: fromFils(l.unitFils),
      quantity: l.quantity,
      product_image: l.imageKey ? publicUrl(l.imageKey) : PLACEHOLDER_IMAGE,
      options: {
        color: l.color === '' ? null : l.color,
        color_value: l.color === '' ? null : l.colorHex,
        color_name: l.color === '' ? null : l.colorName,
        size: l.size,
      },
      line_total: fromFils(l.lineFils),
      left: l.stock.left,
      exceeds_stock: l.available && l.stock.exceedsStock,
    })),
    total_items: priced.totalItems,
    total_amount: fromFils(totals.totalFils),
    currency: CURRENCY,
    discount: d
      ? {
          code: d.discount.code,
          amount: fromFils(d.amountFils),
          kind: d.discount.kind,
          problem: d.problem,
          minimum:
            d.problem === 'discount_below_minimum' && d.discount.minSubtotalFils !== null
              ? fromFils(d.discount.minSubtotalFils)
              : null,
        }
      : null,
    totals: {
      subtotal: fromFils(totals.subtotalFils),
      shipping: fromFils(totals.shippingFils),
      discount: fromFils(totals.discountFils),
      total: fromFils(totals.totalFils),
    },
  };
}

/**
 * The server cart of signed-in customers. Every answer is the whole cart, priced from the database. Writes
 * that add lines run in a transaction holding the user's cart lock (see `repo.lockUserCart`).
 */
export class CartService {
  constructor(
    private readonly db: Database,
    /** Makes the pictures' addresses (the API's /storage, or S3_PUBLIC_URL). */
    private readonly publicUrl: PublicUrl,
    private readonly stock: StockService,
  ) {}

  async get(userId: number, db: Database = this.db): Promise<ServerCart> {
    return toServerCart(
      await priceCart(db, userId),
      this.publicUrl,
      await cartCode(db, userId),
      this.stock.now(),
    );
  }

  /**
   * Applies a discount code to the cart (replacing the one it had) when it applies to the cart as it is now:
   * it exists and is on, within its dates, for some of the pieces, at their minimum, and has uses left for
   * everyone and for this shopper. Otherwise 422 with the reason's code, and the cart keeps what it had.
   */
  applyDiscount(userId: number, typed: string): Promise<ServerCart> {
    return this.db.transaction(async (tx) => {
      await lockOrFail(tx, userId);
      const code = await findCode(tx, typed);
      if (!code?.usable) throw discountRefusal('discount_unknown');
      const priced = await priceCart(tx, userId);
      const totals = cartTotals(
        priced.lines.filter((l) => l.available),
        CART_SHIPPING_FILS,
        code,
        this.stock.now(),
      );
      const problem = totals.discount?.problem ?? (await limitProblem(tx, code, userId));
      if (problem) throw discountRefusal(problem, code.minSubtotalFils);
      await setCartCode(tx, userId, code.id);
      return toServerCart(priced, this.publicUrl, code, this.stock.now());
    });
  }

  async removeDiscount(userId: number): Promise<ServerCart> {
    await clearCartCode(this.db, userId);
    return this.get(userId);
  }

  /** Adds the item, summing with the same line (product, colour, size) if the cart has it. */
  add(userId: number, item: CartAdd): Promise<ServerCart> {
    return this.db.transaction(async (tx) => {
      await lockOrFail(tx, userId);
      const slug = normalSlug(item.slug);
      const product = (await repo.findCartProducts(tx, [slug])).get(slug);
      const resolved = resolveLine(product, item);
      if ('problems' in resolved) {
        const errors: CodedFieldErrors = {};
        for (const p of resolved.problems) {
          (errors[p.field] ??= []).push(
            fieldError(p.reason === 'not_found' ? 'not_found' : 'unavailable', p.message),
          );
        }
        throw unprocessable(INVALID, errors);
      }
      const { line } = resolved;
      const existing = await repo.lineKeys(tx, userId);
      if (!existing.has(repo.lineKey(line)) && existing.size >= CART_MAX_LINES) {
        throw unprocessable(CART_FULL, { cart: [fieldError('limit_reached', CART_FULL)] });
      }
      // Pieces are counted per variant (colour × size): what the cart already has of it counts.
      const left = await this.stock.availableTo(tx, userId, line);
      const inCart = await repo.quantityOfVariant(tx, userId, line);
      if (inCart + line.quantity > left) throw beyondStock(slug, line, left);
      if (!(await repo.addToLine(tx, userId, line))) {
        throw unprocessable(INVALID, { quantity: [fieldError('too_big', TOO_MANY_OF_ONE)] });
      }
      return this.get(userId, tx);
    });
  }

  /**
   * The login merge (spec, section 4): items the cart lacks are added with their quantity, lines the cart has
   * are left as they are, and items that cannot be added are skipped and reported. Two items of the request
   * naming the same line are summed (up to CART_MAX_QUANTITY). One transaction: all of it or nothing.
   */
  merge(userId: number, items: unknown[]): Promise<{ cart: ServerCart; skipped: CartMergeSkipped[] }> {
    return this.db.transaction(async (tx) => {
      await lockOrFail(tx, userId);
      const skipped: CartMergeSkipped[] = [];
      const valid: { index: number; item: CartAdd }[] = [];
      items.forEach((raw, index) => {
        const parsed = CartAddSchema.safeParse(raw);
        if (parsed.success) valid.push({ index, item: parsed.data });
        else {
          const message = parsed.error.issues[0]?.message ?? 'This item is not valid.';
          skipped.push({ index, slug: rawSlug(raw), reason: 'invalid', message });
        }
      });

      const products = await repo.findCartProducts(tx, [
        ...new Set(valid.map((v) => normalSlug(v.item.slug))),
      ]);
      const existing = await repo.lineKeys(tx, userId);
      const missing = new Map<string, Line>();
      /** Pieces of a variant this merge may still add: what is left, less what the cart (and this merge) has. */
      const room = new Map<string, number>();
      const roomFor = async (line: Line) => {
        const key = `${line.productId}\u0000${line.color}\u0000${line.size}`;
        let free = room.get(key);
        if (free === undefined) {
          free =
            (await this.stock.availableTo(tx, userId, line)) -
            (await repo.quantityOfVariant(tx, userId, line));
        }
        return { key, free: Math.max(0, free) };
      };
      for (const { index, item } of valid) {
        const slug = item.slug;
        const resolved = resolveLine(products.get(normalSlug(slug)), item);
        if ('problems' in resolved) {
          const [first] = resolved.problems;
          if (first) skipped.push({ index, slug, reason: first.reason, message: first.message });
          continue;
        }
        const key = repo.lineKey(resolved.line);
        if (existing.has(key)) continue;
        const pending = missing.get(key);
        if (!pending && existing.size + missing.size >= CART_MAX_LINES) {
          skipped.push({ index, slug, reason: 'cart_full', message: CART_FULL });
          continue;
        }
        const wanted = Math.min(resolved.line.quantity, CART_MAX_QUANTITY - (pending?.quantity ?? 0));
        const { key: variantKey, free } = await roomFor(resolved.line);
        const added = Math.min(wanted, free);
        room.set(variantKey, free - added);
        const { color, size } = resolved.line;
        if (added === 0 && wanted > 0) {
          skipped.push({ index, slug, reason: 'sold_out', message: soldOutMessage(color, size, 0) });
          continue;
        }
        if (added < wanted) {
          skipped.push({
            index,
            slug,
            reason: 'reduced',
            message: `${soldOutMessage(color, size, free).slice(0, -1)}: ${added} added.`,
          });
        }
        if (pending) pending.quantity += added;
        else if (added > 0) missing.set(key, { ...resolved.line, quantity: added });
      }
      await repo.insertMissingLines(tx, userId, [...missing.values()]);
      skipped.sort((a, b) => a.index - b.index);
      return { cart: await this.get(userId, tx), skipped };
    });
  }

  /**
   * Sets a line's quantity; more pieces than the shopper can have of its variant (colour × size) is 422 naming
   * what is left, and changes nothing. Lowering a line is always allowed.
   */
  async update(userId: number, itemId: number, quantity: number): Promise<ServerCart> {
    const line = await repo.findLine(this.db, userId, itemId);
    if (!line) throw new HttpError(404, ITEM_NOT_FOUND);
    if (quantity > line.quantity) {
      const left = await this.stock.availableTo(this.db, userId, line);
      const others = (await repo.quantityOfVariant(this.db, userId, line)) - line.quantity;
      if (others + quantity > left) throw beyondStock(line.slug, line, Math.max(0, left - others));
    }
    if (!(await repo.setQuantity(this.db, userId, itemId, quantity)))
      throw new HttpError(404, ITEM_NOT_FOUND);
    return this.get(userId);
  }

  async remove(userId: number, itemId: number): Promise<ServerCart> {
    if (!(await repo.deleteLine(this.db, userId, itemId))) throw new HttpError(404, ITEM_NOT_FOUND);
    return this.get(userId);
  }

  async clear(userId: number): Promise<ServerCart> {
    await repo.deleteAllLines(this.db, userId);
    return this.get(userId);
  }
}

/** A valid token of an account deleted since: nobody to keep a cart for. */
async function lockOrFail(tx: Database, userId: number) {
  if (!(await repo.lockUserCart(tx, userId))) throw new HttpError(401, UNAUTHENTICATED);
}
