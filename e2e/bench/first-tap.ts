/**
 * What a shopper on a phone feels of a page's first seconds (the budget of docs/design.md, Storefront), for
 * bench:web and the A/B runs of decision 040: in Chromium with Slow 4G (150 ms round trip, 1.6 Mbit/s down,
 * 750 kbit/s up) and a 4x slower CPU set over the DevTools protocol, on Lighthouse's phone (412 x 823).
 *
 * - `throttledLoad`: when the content shows (first and largest contentful paint), how much it moves (CLS: every
 *   layout shift), how long the main thread is blocked (TBT: the long tasks' time over 50 ms each, from the first
 *   paint until it has been quiet for 2 s after the load and the app's start), and when the app listens (it has
 *   taken over the server's page: html[data-booting] is gone). No input: the largest paint is only reported
 *   until the first one.
 * - `firstTap`: a tap 500 ms after the content shows, whether it lands before the app listens or after: when the
 *   shopper first sees it taken (its dialog open, or its button marked as holding the tap: first-load/inline.js)
 *   and when its dialog is painted (the menu, or the cart with the piece in it); a tap never answered is lost.
 */
import { chromium, type Page } from '@playwright/test';

export interface ThrottledLoad {
  /** Milliseconds from the navigation's start. */
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  /** When the app took over the page; NaN for a page without it. */
  listening: number;
}

export interface FirstTap {
  fcp: number;
  listening: number;
  /** When the tap landed, from the navigation's start. */
  tap: number;
  /** From the tap to the first frame that shows it was taken (its dialog, or its button holding it). */
  tapToAnswer: number;
  /** From the tap to the frame that shows its dialog; NaN when it never came (the tap was lost). */
  tapToResponse: number;
}

/** What a page's first tap is, by the accessible name of its button in each language. */
export const FIRST_TAPS = {
  home: { en: 'Open the menu', ar: 'فتح القائمة' },
  collection: { en: 'Open the menu', ar: 'فتح القائمة' },
  product: { en: 'Add to cart', ar: 'أضف إلى السلة' },
} as const;

const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/**
 * Installed before the page's own scripts: notes the paints, the shifts, the long tasks, the app's start and the
 * first dialog shown. Plain JavaScript in a string: a function would be sent as its source after tsx's
 * transform, which names inner functions with a helper the page does not have.
 */
const OBSERVE = `
  window.__cls = 0;
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  addEventListener('pointerdown', () => (window.__tap ??= performance.now()), true);
  addEventListener('load', () => (window.__load = performance.now()));
  document.addEventListener('DOMContentLoaded', () => {
    const html = document.documentElement;
    const live = () => {
      if (!('booting' in html.dataset)) window.__listening ??= performance.now();
    };
    if (document.querySelector('script[type=module]')) {
      live();
      new MutationObserver(live).observe(html, { attributes: true, attributeFilter: ['data-booting'] });
    }
    new MutationObserver(() => {
      if (window.__answered === undefined && document.querySelector('dialog[open]'))
        requestAnimationFrame(() => (window.__answered ??= performance.now()));
      if (window.__seen === undefined && document.querySelector('dialog[open], [data-tap-held]'))
        requestAnimationFrame(() => (window.__seen ??= performance.now()));
    }).observe(document.body, { attributes: true, attributeFilter: ['open', 'data-tap-held'], subtree: true });
  });
`;

type Numbers = Record<string, number | undefined>;

async function pageTime(page: Page, name: string): Promise<number | undefined> {
  return page.evaluate((key) => (window as unknown as Numbers)[key], name);
}

/** Waits for a time the page notes; NaN if it has not come after `seconds`. */
async function until(page: Page, name: string, seconds = 20): Promise<number> {
  for (let i = 0; i < seconds * 20; i++) {
    const value = await pageTime(page, name);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  return NaN;
}

/** A throttled phone's tab, its network and CPU set before the page's first byte. */
async function onPhone<T>(url: string, measure: (page: Page) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    // Lighthouse's mobile device (Moto G Power): 412 x 823 CSS px, a touch screen.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript({ content: OBSERVE });
    await page.goto(url, { waitUntil: 'commit' });
    return await measure(page);
  } finally {
    await browser.close();
  }
}

async function firstPaint(page: Page): Promise<number> {
  for (;;) {
    const fcp = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    );
    if (fcp !== undefined) return fcp;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** One load of `url` on a throttled phone, untouched: what it shows, moves and blocks. */
export function throttledLoad(url: string): Promise<ThrottledLoad> {
  return onPhone(url, async (page) => {
    const fcp = await firstPaint(page);
    await until(page, '__load', 60);
    const hasApp = await page.evaluate(() => Boolean(document.querySelector('script[type=module]')));
    const listening = hasApp ? await until(page, '__listening', 60) : NaN;
    // Quiet: no long task for 2 s (at most 20 s more).
    for (let i = 0; i < 40; i++) {
      const last = await page.evaluate(() => {
        const tasks = (window as unknown as { __longTasks: [number, number][] }).__longTasks;
        const end = tasks.length ? Math.max(...tasks.map(([start, duration]) => start + duration)) : 0;
        return performance.now() - end;
      });
      if (last >= 2000) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const { lcp, cls, tasks } = await page.evaluate(() => {
      const w = window as unknown as { __lcp?: number; __cls: number; __longTasks: [number, number][] };
      return { lcp: w.__lcp ?? NaN, cls: w.__cls, tasks: w.__longTasks };
    });
    const tbt = tasks
      .filter(([start]) => start >= fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    return { fcp, lcp, cls, tbt, listening };
  });
}

/** One load of `url` on a throttled phone, with a tap on `button` 500 ms after the first contentful paint. */
export function firstTap(url: string, button: string): Promise<FirstTap> {
  return onPhone(url, async (page) => {
    const fcp = await firstPaint(page);
    // On a phone "add to cart" is below the picture: the shopper scrolls to it first.
    const target = page.getByRole('button', { name: button, exact: true });
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    if (!box) throw new Error(`no "${button}" button on ${url}`);
    const now = await page.evaluate(() => performance.now());
    await new Promise((r) => setTimeout(r, Math.max(0, fcp + 500 - now)));
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);

    const tap = await until(page, '__tap');
    const answered = await until(page, '__answered');
    const seen = await until(page, '__seen', 1);
    return {
      fcp,
      listening: await until(page, '__listening'),
      tap,
      tapToAnswer: seen - tap,
      tapToResponse: answered - tap,
    };
  });
}

/** The median of each figure over the runs (NaN, a lost tap, counts as the slowest). */
export function medians<T extends object>(runs: T[]): T {
  const result: Record<string, number> = {};
  for (const key of Object.keys(runs[0] ?? {})) {
    const values = runs
      .map((run) => (run as Record<string, number>)[key] ?? NaN)
      .sort((a, b) => (Number.isNaN(a) ? 1 : Number.isNaN(b) ? -1 : a - b));
    result[key] = values[Math.floor(values.length / 2)] ?? NaN;
  }
  return result as T;
}
