/**
 * The first script of every page, and a small one. The server sent the page rendered; its main image is what
 * the visitor waits for, so the app's code (which takes the main thread for a while on a phone) starts once
 * that image is in, at the visitor's first touch or key, or after 3 s at the latest. Until the app has taken
 * over, form controls ignore the pointer (global.css, html[data-booting]): a size chosen before then would be
 * shown but not known to the app.
 */
function mainImageReady(): Promise<void> {
  const image = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  if (!image || image.complete) return Promise.resolve();
  return new Promise((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => resolve(), { once: true });
    setTimeout(resolve, 3000);
  });
}

function firstInteraction(): Promise<void> {
  return new Promise((resolve) => {
    for (const type of ['pointerdown', 'keydown', 'touchstart'] as const) {
      addEventListener(type, () => resolve(), { once: true, capture: true, passive: true });
    }
  });
}

document.documentElement.dataset.booting = '';
await Promise.race([mainImageReady(), firstInteraction()]);
await import('./main');

export {};
