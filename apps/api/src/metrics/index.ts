import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** A sample of a gauge that has labels: `{ labels: { status: 'pending' }, value: 3 }`. */
export interface LabelledValue {
  labels: Record<string, string>;
  value: number;
}

export interface GaugeDefinition {
  /** `boutique_` then what it measures and its unit: `boutique_outbox_lag_seconds`. */
  name: string;
  help: string;
  /** The label names of the samples `collect` returns; none for a single number. */
  labelNames?: string[];
  /**
   * Read at every scrape, for this instance or, from the database, for the whole shop. A collector that fails
   * or takes longer than a second leaves its gauge without a value for that scrape (NaN, or no series when it
   * has labels) and logs why; the other metrics are served as usual.
   */
  collect: () => Promise<number | LabelledValue[]> | number | LabelledValue[];
}

export type PaymentOutcome = 'succeeded' | 'failed';
/** checkout: by card at checkout or cash on delivery; manual: written by the owner (a WhatsApp or phone sale). */
export type OrderSource = 'checkout' | 'reconciliation' | 'manual';

/** What the shop's modules report; the services take this, not prom-client. */
export interface ShopMetrics {
  orderCreated(source: OrderSource): void;
  paymentSettled(outcome: PaymentOutcome): void;
}

const COLLECT_TIMEOUT_MS = 1000;

/**
 * The shop's Prometheus metrics, one registry per app (tests run several apps in one process). Served at
 * /metrics behind METRICS_TOKEN (plugins/metrics.ts).
 *
 * Built in: HTTP rate, errors and latency per route (`boutique_http_request_duration_seconds`, a histogram
 * whose `_count` is the rate and whose `status_code` label tells the errors), catalogue cache lookups by result,
 * orders by source, payments by outcome, and Node's own process metrics.
 *
 * Modules define theirs beside their code as GaugeDefinitions (outbox/gauges.ts: its lag; stock/gauges.ts: live
 * reservations; payments/gauges.ts: refunds) and app.ts registers them with `metrics.gauge`. Measure from the
 * database when the figure is the shop's, so that every instance reports the same value and the dashboard
 * takes `max`, not `sum`.
 */
export class Metrics implements ShopMetrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly #orders: Counter<'source'>;
  readonly #payments: Counter<'outcome'>;
  #log: (err: unknown, gauge: string) => void = () => {};

  constructor() {
    this.httpDuration = new Histogram({
      name: 'boutique_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [this.registry],
    });
    this.#orders = new Counter({
      name: 'boutique_orders_created_total',
      help: "Orders created by this instance, by source (the shopper's checkout, or reconciliation of a paid payment)",
      labelNames: ['source'],
      registers: [this.registry],
    });
    this.#payments = new Counter({
      name: 'boutique_payments_total',
      help: 'Payments that reached an outcome, as this instance learned it (card confirmation or gateway event)',
      labelNames: ['outcome'],
      registers: [this.registry],
    });
    // Zero samples from the start, so that rate() sees the first order.
    for (const source of ['checkout', 'reconciliation', 'manual'] satisfies OrderSource[])
      this.#orders.inc({ source }, 0);
    for (const outcome of ['succeeded', 'failed'] satisfies PaymentOutcome[])
      this.#payments.inc({ outcome }, 0);
  }

  /** Node's process metrics (CPU, memory, event loop lag, GC); only when /metrics is served. */
  collectProcessMetrics() {
    collectDefaultMetrics({ register: this.registry, prefix: 'boutique_' });
  }

  /** Where collectors that fail are reported. */
  onCollectError(log: (err: unknown, gauge: string) => void) {
    this.#log = log;
  }

  orderCreated(source: OrderSource) {
    this.#orders.inc({ source });
  }

  paymentSettled(outcome: PaymentOutcome) {
    this.#payments.inc({ outcome });
  }

  /**
   * Counters kept elsewhere as plain numbers (a cache's hits and misses), read at each scrape. `read` returns
   * running totals, which only grow.
   */
  countersFrom(
    definition: Omit<GaugeDefinition, 'collect'> & { labelNames: string[]; read: () => LabelledValue[] },
  ) {
    const { read, ...rest } = definition;
    new Counter({
      ...rest,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const sample of read()) this.inc(sample.labels, sample.value);
      },
    });
  }

  /** Adds a gauge read at every scrape; see GaugeDefinition. */
  gauge(definition: GaugeDefinition) {
    const { collect, ...rest } = definition;
    const log = (err: unknown) => this.#log(err, definition.name);
    new Gauge({
      ...rest,
      labelNames: rest.labelNames ?? [],
      registers: [this.registry],
      async collect() {
        this.reset();
        let value: number | LabelledValue[];
        try {
          value = await withTimeout(Promise.resolve(collect()), COLLECT_TIMEOUT_MS);
        } catch (err) {
          log(err);
          // "No value", rather than a zero that reads as a real figure; a gauge with labels has no series.
          if (!rest.labelNames?.length) this.set(NaN);
          return;
        }
        if (typeof value === 'number') this.set(value);
        else for (const sample of value) this.set(sample.labels, sample.value);
      },
    });
  }

  /** The exposition text and its content type. */
  async render(): Promise<{ body: string; contentType: string }> {
    return { body: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
