import { and, eq, inArray, sql } from 'drizzle-orm';
import { VAT_PERCENT, vatIncludedFils } from '@boutique/contracts';
import { addDays } from '@boutique/contracts/constants';
import type { VatReport, VatReportQuery, VatRow } from '@boutique/contracts/admin-bulk';
import type { Database } from '../../db/client.js';
import { orders, refunds } from '../../db/schema/index.js';
import type { CsvCell } from '../../lib/csv.js';
import { fromFils, toFils } from '../../lib/money.js';
import { invoiceTotals } from '../orders/index.js';
import { inShopDays, nextPage, WALK } from './exports.js';

/** Orders whose invoice stands as a sale: paid (refunds are credit notes of their own, counted apart). */
const INVOICED = ['succeeded', 'partially_refunded', 'refunded'] as const;
const PAGE = 1000;

interface Sums {
  orders: number;
  sales: number;
  vat: number;
  vatShipping: number;
  creditNotes: number;
  refunded: number;
  refundedVat: number;
}
const zero = (): Sums => ({
  orders: 0,
  sales: 0,
  vat: 0,
  vatShipping: 0,
  creditNotes: 0,
  refunded: 0,
  refundedVat: 0,
});

/** Every period of the report from `from` to `to`: months `YYYY-MM` or days `YYYY-MM-DD`. */
function periodsOf(query: VatReportQuery): string[] {
  const out: string[] = [];
  for (let d = query.from; d <= query.to; d = addDays(d, 1)) {
    const key = query.group === 'month' ? d.slice(0, 7) : d;
    if (out[out.length - 1] !== key) out.push(key);
  }
  return out;
}

/**
 * The VAT report of a period, per month or day of the shop's calendar: the invoices of the paid orders made in
 * it (their total VAT included, their VAT by the invoice's one rule, orders/invoice.ts, of which shipping and the
 * cash-on-delivery fee carry the VAT of their own amount), and the credit notes of the refunds that went
 * through in it with the VAT each one states (refunds/credit-note.ts). Net VAT due is collected less reversed.
 * Orders are read a page at a time.
 */
export async function vatReport(db: Database, query: VatReportQuery, timeZone: string): Promise<VatReport> {
  const format = query.group === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
  const sums = new Map(periodsOf(query).map((p) => [p, zero()]));
  const at = (period: string) => {
    const s = sums.get(period);
    if (!s) throw new Error(`period ${period} outside the report`);
    return s;
  };
  let after: { at: Date; id: number } | undefined;
  for (;;) {
    const page = await db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        period: sql<string>`to_char(${orders.createdAt} at time zone ${timeZone}, ${format})`,
        total: orders.totalAmount,
        shipping: orders.shippingAmount,
        codFee: orders.codFee,
      })
      .from(orders)
      .where(
        and(
          inShopDays(orders.createdAt, query.from, query.to, timeZone),
          inArray(orders.paymentStatus, [...INVOICED]),
          nextPage(after),
        ),
      )
      .orderBy(...WALK)
      .limit(PAGE);
    if (page.length === 0) break;
    for (const o of page) {
      const s = at(o.period);
      s.orders += 1;
      s.sales += toFils(o.total);
      s.vat += toFils(invoiceTotals({ total_amount: o.total }).vat);
      s.vatShipping += vatIncludedFils(toFils(o.shipping) + toFils(o.codFee));
    }
    const last = page[page.length - 1]!;
    after = { at: last.createdAt, id: last.id };
  }
  const notes = await db
    .select({
      period: sql<string>`to_char(${refunds.refundedAt} at time zone ${timeZone}, ${format})`,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${refunds.amount})::numeric(14,2)::text`,
      vat: sql<string>`coalesce(sum(${refunds.creditNoteVat}), 0)::numeric(14,2)::text`,
    })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'succeeded'),
        inShopDays(refunds.refundedAt as never, query.from, query.to, timeZone),
      ),
    )
    .groupBy(sql`1`);
  for (const n of notes) {
    const s = at(n.period);
    s.creditNotes += n.count;
    s.refunded += toFils(n.amount);
    s.refundedVat += toFils(n.vat);
  }
  const rows = [...sums].map(([period, s]) => rowOf(period, s));
  const total = zero();
  for (const s of sums.values()) for (const k of Object.keys(total) as (keyof Sums)[]) total[k] += s[k];
  return {
    from: query.from,
    to: query.to,
    group: query.group,
    time_zone: timeZone,
    vat_percent: VAT_PERCENT,
    rows,
    totals: rowOf('total', total),
  };
}

const rowOf = (period: string, s: Sums): VatRow => ({
  period,
  orders: s.orders,
  sales: fromFils(s.sales),
  net: fromFils(s.sales - s.vat),
  vat_goods: fromFils(s.vat - s.vatShipping),
  vat_shipping: fromFils(s.vatShipping),
  vat: fromFils(s.vat),
  credit_notes: s.creditNotes,
  refunded: fromFils(s.refunded),
  refunded_vat: fromFils(s.refundedVat),
  vat_due: fromFils(s.vat - s.refundedVat),
});

export const VAT_CSV_HEADER = [
  'period',
  'orders',
  'sales_incl_vat',
  'net',
  'vat_goods',
  'vat_shipping',
  'vat_collected',
  'credit_notes',
  'refunded_incl_vat',
  'vat_reversed',
  'net_vat_due',
];

/** The report's rows as the CSV writes them, the totals last. */
export async function* vatCsvRows(report: VatReport): AsyncGenerator<CsvCell[]> {
  for (const r of [...report.rows, report.totals]) {
    yield [
      r.period,
      r.orders,
      r.sales,
      r.net,
      r.vat_goods,
      r.vat_shipping,
      r.vat,
      r.credit_notes,
      r.refunded,
      r.refunded_vat,
      r.vat_due,
    ];
  }
}
