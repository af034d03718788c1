import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ERROR_CODES,
  illegalReturnMove,
  type LocalizedText,
  type OrderReturn,
  type ReturnCreate,
  type ReturnStatus,
  type ReturnUpdate,
} from '@boutique/contracts';
import type {
  AdminReturn,
  AdminReturnListQuery,
  AdminReturnListResponse,
  ReturnStatusCounts,
} from '@boutique/contracts/admin-after-sale';
import { RETURN_TABS } from '@boutique/contracts/admin-after-sale';
import type { Database } from '../../db/client.js';
import {
  colors,
  orderItems,
  orders,
  productColors,
  products,
  refunds,
  returnEvents,
  returnLines,
  returns,
  users,
} from '../../db/schema/index.js';
import { fieldError, HttpError, type CodedFieldErrors } from '../../lib/http-error.js';
import { emailLanguage } from '../../lib/mail-layout.js';
import { escapeLike } from '../../lib/search-text.js';
import { auditOf, recordAudit } from '../audit/index.js';
import { nextDocumentNumber } from '../orders/index.js';
import type { RefundService } from '../refunds/index.js';
import { lockOrder } from '../refunds/index.js';
import type { StockService } from '../stock/index.js';
import type { ReturnMailInput, ReturnMails } from './mails.js';
import {
  deliveredAt,
  loadReturns,
  returnDeadline,
  takenPieces,
  toOrderReturn,
  type LoadedReturn,
} from './views.js';

type ReturnRow = typeof returns.$inferSelect;

export const RETURN_NOT_FOUND = 'Return not found';
const INVALID = 'The given data was invalid.';
/** What waits for the owner. */
const OPEN: ReturnStatus[] = ['requested', 'approved', 'received'];

export interface ReturnServiceOptions {
  stock: StockService;
  refunds: RefundService;
  mails: ReturnMails;
  /** RETURN_DAYS: how long after delivery a return may be asked. */
  returnDays: number;
  /** The shop's clock (tests move it). */
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * Returns and exchanges (docs/decisions/027-returns-and-exchanges.md). The shopper asks within RETURN_DAYS of
 * delivery, per line, with a reason; an exchange names the size (and colour) wanted. The owner moves the request
 * along the legal steps: approving an exchange sets the wanted pieces aside (stock service), receiving puts the
 * pieces back on sale or records them as damaged, refunding goes through the refund service, shipping the
 * exchange takes what was set aside, rejecting or closing gives it back. Every step is written with its event,
 * its audit row and the shopper's e-mail in one transaction.
 */
export class ReturnService {
  constructor(
    private readonly db: Database,
    private readonly options: ReturnServiceOptions,
  ) {}

  /** `POST /v1/orders/{id}/returns`: someone else's order is 404, like one that does not exist. */
  async create(userId: number, orderId: number, input: ReturnCreate): Promise<OrderReturn> {
    const id = await this.db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (order.userId !== userId) throw new HttpError(404, 'Order not found');
      if (order.fulfillmentStatus !== 'delivered') {
        throw new HttpError(
          422,
          INVALID,
          {
            order: [
              fieldError(
                'not_allowed',
                'A return or an exchange can be asked once the order has been delivered.',
              ),
            ],
          },
          { code: ERROR_CODES.orderNotDelivered },
        );
      }
      const until = returnDeadline(
        (await deliveredAt(tx, [order.id])).get(order.id),
        this.options.returnDays,
      );
      if (!until || this.options.now().getTime() > until.getTime()) {
        throw new HttpError(
          422,
          INVALID,
          {
            order: [
              fieldError(
                'not_allowed',
                `Pieces may be returned or exchanged within ${this.options.returnDays} days of delivery; for this order that was until ${until?.toISOString().slice(0, 10) ?? 'its delivery'}.`,
              ),
            ],
          },
          { code: ERROR_CODES.returnWindowClosed },
        );
      }
      const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      const [refundRows, earlier] = await Promise.all([
        tx.select().from(refunds).where(eq(refunds.orderId, order.id)),
        loadReturns(tx, eq(returns.orderId, order.id)),
      ]);
      const taken = takenPieces(
        refundRows,
        earlier.map((r) => ({ status: r.row.status, receivedAt: r.row.receivedAt, lines: r.lines })),
      );

      const errors: CodedFieldErrors = {};
      const lines: (typeof returnLines.$inferInsert)[] = [];
      for (const [index, line] of input.lines.entries()) {
        const item = items.find((i) => i.id === line.line_id);
        if (!item) {
          errors[`lines.${index}.line_id`] = [
            fieldError('not_found', 'This piece is not part of the order.'),
          ];
          continue;
        }
        const left = item.quantity - (taken.get(item.id) ?? 0);
        if (line.quantity > left) {
          errors[`lines.${index}.quantity`] = [
            fieldError(
              'too_big',
              left === 0
                ? 'This piece has already been returned or refunded.'
                : `Only ${left} piece(s) of this line can still be returned.`,
            ),
          ];
          continue;
        }
        if (input.type === 'return') {
          lines.push({ returnId: 0, orderItemId: item.id, quantity: line.quantity });
          continue;
        }
        const wanted = await this.#wanted(tx, item, line.size ?? '', line.color);
        if ('error' in wanted) {
          errors[`lines.${index}.${wanted.field}`] = [fieldError('unavailable', wanted.error)];
          continue;
        }
        lines.push({ returnId: 0, orderItemId: item.id, quantity: line.quantity, ...wanted });
      }
      if (Object.keys(errors).length > 0) throw new HttpError(422, INVALID, errors);

      const number = await nextDocumentNumber(tx, 'return', 'RMA-');
      const now = this.options.now();
      const [row] = await tx
        .insert(returns)
        .values({
          number,
          orderId: order.id,
          userId,
          type: input.type,
          reason: input.reason,
          comment: input.comment || null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('return not written');
      await tx.insert(returnLines).values(lines.map((l) => ({ ...l, returnId: row.id })));
      await tx
        .insert(returnEvents)
        .values({ returnId: row.id, fromStatus: null, toStatus: 'requested', createdAt: now });
      const mail = await this.#mailInput(tx, row, null);
      await this.options.mails.enqueueStep(tx, 'requested', mail, row.id);
      await this.options.mails.enqueueOwnerAlert(tx, {
        ...mail,
        returnId: row.id,
        reason: input.reason,
        comment: input.comment || null,
      });
      return row.id;
    });
    const [loaded] = await loadReturns(this.db, eq(returns.id, id));
    return toOrderReturn(loaded!);
  }

  /**
   * `PATCH /v1/admin/returns/{id}`: one legal step, with what it does to pieces and money. The return's row is
   * locked and the step checked against its status as it is then, so two admins cannot both take it.
   */
  async update(actorId: number, returnId: number, input: ReturnUpdate): Promise<AdminReturn> {
    const refundId = await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(returns).where(eq(returns.id, returnId)).for('update');
      if (!current) throw new HttpError(404, RETURN_NOT_FOUND);
      const to = input.status;
      const refusal = illegalReturnMove(current.status, to, current.type);
      if (refusal) throw new HttpError(409, refusal);
      if (to === 'received' && input.restock === undefined) {
        throw new HttpError(422, INVALID, {
          restock: [
            fieldError(
              'required',
              'Say whether the pieces go back on sale (true) or are recorded as damaged (false).',
            ),
          ],
        });
      }
      const [loaded] = await loadReturns(tx, eq(returns.id, returnId));
      if (!loaded) throw new HttpError(404, RETURN_NOT_FOUND);
      const lineIds = loaded.lines.map((l) => l.id);

      let refundId: number | undefined;
      let pieces = 0;
      switch (to) {
        case 'approved':
          if (current.type === 'exchange') {
            await this.options.stock.holdForExchange(
              tx,
              loaded.lines.flatMap((l) =>
                l.item.productId === null || !l.wantedSize
                  ? []
                  : [
                      {
                        returnLineId: l.id,
                        productId: l.item.productId,
                        color: l.wantedColor ?? l.item.color,
                        size: l.wantedSize,
                        quantity: l.quantity,
                      },
                    ],
              ),
            );
          }
          break;
        case 'received':
          if (input.restock) {
            pieces = await this.options.stock.restockItems(
              tx,
              loaded.lines.map((l) => ({ itemId: l.orderItemId, quantity: l.quantity })),
              { reason: 'return', actorId, note: current.number },
            );
          }
          break;
        case 'refunded': {
          const order = await lockOrder(tx, current.orderId);
          refundId = await this.options.refunds.open(tx, order, {
            kind: 'return',
            actorId,
            lines: loaded.lines.map((l) => ({ line_id: l.orderItemId, quantity: l.quantity })),
            restock: false,
            reason: `Return ${current.number}`,
            returnId: current.id,
          });
          break;
        }
        case 'exchanged':
          pieces = await this.options.stock.shipExchange(tx, lineIds, { orderId: current.orderId, actorId });
          break;
        case 'rejected':
        case 'closed':
          pieces = await this.options.stock.releaseExchange(tx, lineIds);
          break;
      }

      const now = this.options.now();
      await tx
        .update(returns)
        .set({
          status: to,
          updatedAt: now,
          ...(to === 'received' && { restocked: input.restock ?? false, receivedAt: now }),
        })
        .where(eq(returns.id, returnId));
      const note = input.note ?? null;
      await tx
        .insert(returnEvents)
        .values({ returnId, fromStatus: current.status, toStatus: to, actorId, note, createdAt: now });
      await recordAudit(tx, {
        actorId,
        action: 'return.status',
        entity: 'return',
        entityId: returnId,
        before: { status: current.status },
        after: {
          status: to,
          note,
          ...(to === 'received' && { restock: input.restock, restocked: pieces }),
          ...(to === 'exchanged' && { shipped: pieces }),
          ...((to === 'rejected' || to === 'closed') && { released: pieces }),
          ...(refundId !== undefined && { refund_id: refundId }),
        },
      });
      if (to !== 'refunded') {
        await this.options.mails.enqueueStep(tx, to, await this.#mailInput(tx, current, note), returnId);
      }
      return refundId;
    });
    if (refundId !== undefined) await this.options.refunds.send(refundId);
    return (await this.get(returnId)).return;
  }

  /** The back office's list: by status tab (with counts per tab), RMA or order number, e-mail or name. */
  async list(query: AdminReturnListQuery): Promise<AdminReturnListResponse['data']> {
    const filters: SQL[] = [];
    if (query.q) {
      const like = `%${escapeLike(query.q.toLowerCase())}%`;
      filters.push(sql`(lower(${returns.number}) like ${like} or lower(${orders.orderNumber}) like ${like}
        or ${users.email} like ${like} or lower(${users.name}) like ${like})`);
    }
    if (query.order_id) filters.push(eq(returns.orderId, query.order_id));
    const tab =
      query.status === 'all'
        ? undefined
        : query.status === 'open'
          ? inArray(returns.status, OPEN)
          : eq(returns.status, query.status);
    const [countRows, rows] = await Promise.all([
      this.db
        .select({ status: returns.status, n: count() })
        .from(returns)
        .innerJoin(orders, eq(orders.id, returns.orderId))
        .innerJoin(users, eq(users.id, returns.userId))
        .where(and(...filters))
        .groupBy(returns.status),
      this.db
        .select({
          row: returns,
          orderNumber: orders.orderNumber,
          billingName: sql<string>`${orders.billingAddress}->>'name'`,
          name: users.name,
          email: users.email,
          pieces: sql<number>`(select coalesce(sum(${returnLines.quantity}), 0)::int from ${returnLines}
            where ${returnLines.returnId} = ${returns.id})`,
        })
        .from(returns)
        .innerJoin(orders, eq(orders.id, returns.orderId))
        .innerJoin(users, eq(users.id, returns.userId))
        .where(and(...filters, tab))
        .orderBy(desc(returns.createdAt), desc(returns.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page),
    ]);
    const counts = Object.fromEntries(RETURN_TABS.map((t) => [t, 0])) as ReturnStatusCounts;
    for (const row of countRows) {
      counts[row.status] = row.n;
      counts.all = (counts.all ?? 0) + row.n;
      if (OPEN.includes(row.status)) counts.open = (counts.open ?? 0) + row.n;
    }
    const total = counts[query.status] ?? 0;
    return {
      returns: {
        data: rows.map((r) => ({
          id: r.row.id,
          number: r.row.number,
          created_at: r.row.createdAt.toISOString(),
          order_id: r.row.orderId,
          order_number: r.orderNumber,
          customer: { name: r.billingName || r.name, email: r.email },
          type: r.row.type,
          status: r.row.status,
          reason: r.row.reason,
          pieces: Number(r.pieces),
        })),
        current_page: query.page,
        last_page: Math.max(1, Math.ceil(total / query.per_page)),
        per_page: query.per_page,
        total,
      },
      counts,
    };
  }

  /** One return for the back office, with its order, customer, pieces set aside, refund and audit. */
  async get(returnId: number) {
    const [loaded] = await loadReturns(this.db, eq(returns.id, returnId));
    if (!loaded) throw new HttpError(404, RETURN_NOT_FOUND);
    const [[head], refund, audit] = await Promise.all([
      this.db
        .select({ orderNumber: orders.orderNumber, id: users.id, name: users.name, email: users.email })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, loaded.row.orderId)),
      loaded.refund
        ? this.options.refunds.adminList(eq(refunds.id, loaded.refund.id)).then((r) => r[0] ?? null)
        : Promise.resolve(null),
      auditOf(this.db, 'return', returnId),
    ]);
    const view: AdminReturn = {
      ...toOrderReturn(loaded),
      order_number: head?.orderNumber ?? '',
      customer: { id: head?.id ?? 0, name: head?.name ?? '', email: head?.email ?? '' },
      held: loaded.held.map((h) => ({
        line_id: loaded.lines.find((l) => l.id === h.returnLineId)?.orderItemId ?? 0,
        size: h.size,
        quantity: h.quantity,
      })),
      history: loaded.events.map((e) => ({
        status: e.toStatus,
        at: e.createdAt.toISOString(),
        note: e.note,
        by: e.by,
      })),
      refund,
    };
    return { return: view, audit };
  }

  // ---------------------------------------------------------------- internals

  /**
   * An exchange's wish checked against the piece as the catalogue makes it now: a size it comes in, a colour it
   * comes in (by default the one bought), and not the very piece the shopper has.
   */
  async #wanted(
    tx: Database,
    item: typeof orderItems.$inferSelect,
    size: string,
    color: string | undefined,
  ): Promise<
    | { wantedSize: string; wantedColor: string; wantedColorName: LocalizedText | null }
    | { field: 'size' | 'color'; error: string }
  > {
    const [product] =
      item.productId === null
        ? []
        : await tx
            .select({ sizes: products.sizes, archivedAt: products.archivedAt })
            .from(products)
            .where(eq(products.id, item.productId));
    if (!product || product.archivedAt) {
      return { field: 'size', error: 'This piece is no longer made: ask for a return instead.' };
    }
    if (!(product.sizes as string[]).includes(size)) {
      return { field: 'size', error: `This piece comes in ${product.sizes.join(', ')}.` };
    }
    const offered = await tx
      .select({ key: colors.key, name: colors.name })
      .from(productColors)
      .innerJoin(colors, eq(colors.id, productColors.colorId))
      .where(eq(productColors.productId, item.productId!))
      .orderBy(asc(productColors.sortOrder));
    const wantedColor = color?.trim() || item.color;
    const known = offered.find((c) => c.key === wantedColor);
    if (wantedColor !== item.color && !known) {
      return { field: 'color', error: 'This piece is not made in that colour.' };
    }
    if (size === item.size && wantedColor === item.color) {
      return { field: 'size', error: 'Choose a size or a colour other than the one you have.' };
    }
    return { wantedSize: size, wantedColor, wantedColorName: known?.name ?? item.colorName ?? null };
  }

  /** What a step's e-mail says, in the order's language. */
  async #mailInput(tx: Database, row: ReturnRow, note: string | null): Promise<ReturnMailInput> {
    const [head] = await tx
      .select({ order: orders, email: users.email, name: users.name })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, row.orderId));
    const lang = emailLanguage(head?.order.locale);
    const lines = await tx
      .select({ line: returnLines, item: orderItems })
      .from(returnLines)
      .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
      .where(eq(returnLines.returnId, row.id))
      .orderBy(asc(returnLines.id));
    return {
      to: head?.email ?? '',
      name: head?.order.billingAddress.name || head?.name || '',
      lang,
      rma: row.number,
      orderNumber: head?.order.orderNumber ?? '',
      type: row.type,
      note,
      lines: lines.map(({ line, item }) => ({
        name: item.productName[lang] || item.productName.en,
        size: item.size,
        quantity: line.quantity,
        wantedSize: line.wantedSize,
      })),
    };
  }
}

export type { LoadedReturn };
