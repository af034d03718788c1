/**
 * What a shopper on a phone feels of a page's first seconds (the budget of docs/design.md, Storefront), for
 * bench:web: in Chromium with Slow 4G (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) and a 4x slower CPU
 * set over the DevTools protocol, when the content shows (first and largest contentful paint), when the app
 * listens (it has taken over the server's page: html[data-booting] is gone), and how long a tap 500 ms after
 * the content shows takes to be answered, whether it lands before the app listens or after: when the shopper
 * first sees it taken (the dialog open, or the button marked as holding the tap until the app listens:
 * index.html) and when its dialog is painted (the menu, or the cart with the piece in it).
 */
import { chromium, type Page } from '@playwright/test';

export interface FirstTap {
  /** Milliseconds from the navigation's start. */
  fcp: number;
  lcp: number;
  listening: number;
  tap: number;
  /** From the tap to the first frame that shows it was taken (its dialog, or its button holding it). */
  tapToAnswer: number;
  /** From the tap to the frame that shows its dialog. */
  tapToResponse: number;
}

/** What a page's first tap is, and the dialog that answers it. */
export const FIRST_TAPS = {
  home: { button: 'Open the menu' },
  collection: { button: 'Open the menu' },
  product: { button: 'Add to cart' },
} as const;

const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/**
 * Installed before the page's own scripts: notes the paints, the app's start and the first dialog shown. Plain
 * JavaScript in a string: a function would be sent as its source after tsx's transform, which names inner
 * functions with a helper the page does not have.
 */
const OBSERVE = `
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  addEventListener('pointerdown', () => (window.__tap ??= performance.now()), true);
  document.addEventListener('DOMContentLoaded', () => {
    const html = document.documentElement;
    const live = () => {
      if (!('booting' in html.dataset)) window.__listening ??= performance.now();
    };
    live();
    new MutationObserver(live).observe(html, { attributes: true, attributeFilter: ['data-booting'] });
    new MutationObserver(() => {
      if (window.__answered === undefined && document.querySelector('dialog[open]'))
        requestAnimationFrame(() => (window.__answered ??= performance.now()));
      if (window.__seen === undefined && document.querySelector('dialog[open], [data-tap-held]'))
        requestAnimationFrame(() => (window.__seen ??= performance.now()));
    }).observe(document.body, { attributes: true, attributeFilter: ['open', 'data-tap-held'], subtree: true });
  });
`;

async function pageTime(page: Page, name: string): Promise<number | undefined> {
  return page.evaluate((key) => (window as unknown as Record<string, number | undefined>)[key], name);
}

async function until(page: Page, name: string): Promise<number> {
  for (let i = 0; i < 600; i++) {
    const value = await pageTime(page, name);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${name} never came`);
}

/** One load of `url` on a throttled phone, with a tap on `button` 500 ms after the first contentful paint. */
export async function firstTap(url: string, button: string): Promise<FirstTap> {
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

    let fcp: number | undefined;
    while (fcp === undefined) {
      fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
      if (fcp === undefined) await new Promise((r) => setTimeout(r, 20));
    }
    // On a phone "add to cart" is below the picture: the shopper scrolls to it first.
    const target = page.getByRole('button', { name: button, exact: true });
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    if (!box) throw new Error(`no "${button}" button on ${url}`);
    const now = await page.evaluate(() => performance.now());
    await new Promise((r) => setTimeout(r, Math.max(0, fcp + 500 - now)));
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);

    const answered = await until(page, '__answered');
    const seen = await until(page, '__seen');
    const tap = await until(page, '__tap');
    return {
      fcp,
      lcp: (await pageTime(page, '__lcp')) ?? NaN,
      listening: await until(page, '__listening'),
      tap,
      tapToAnswer: seen - tap,
      tapToResponse: answered - tap,
    };
  } finally {
    await browser.close();
  }
}
