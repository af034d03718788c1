/**
 * The first script of every page, and a small one. The server sent the page rendered; its main image is what
 * the visitor waits for, so the app's code (which takes the main thread for a while on a phone) starts once
 * that image is painted, at the visitor's first touch or key, or after 3 s at the latest. Until the app has taken
 * over, form controls ignore the pointer (html[data-booting], set by index.html's inline script, in global.css):
 * a size chosen before then would be shown but not known to the app. The page's other pictures wait for the
 * same moment, or for the first scroll (html[data-hold-images], also set by index.html's inline script).
 */
function mainImageReady(): Promise<void> {
  const image = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  if (!image) return Promise.resolve();
  return new Promise((resolve) => {
    setTimeout(resolve, 3000);
    image.addEventListener('error', () => resolve(), { once: true });
    // Painted, not just loaded: a request the app started in between would still share the line with it.
    // Chromium reports the paint of an image marked `elementtiming` (ProductImage, the hero's poster).
    if (image.hasAttribute('elementtiming') && PerformanceObserver.supportedEntryTypes?.includes('element')) {
      new PerformanceObserver((list, observer) => {
        if (
          list.getEntries().some((e) => (e as PerformanceEntry & { element?: Element }).element === image)
        ) {
          observer.disconnect();
          resolve();
        }
      }).observe({ type: 'element', buffered: true });
      return;
    }
    // Elsewhere, the frame after it loaded.
    const afterPaint = () => requestAnimationFrame(() => setTimeout(resolve, 0));
    if (image.complete) afterPaint();
    else image.addEventListener('load', afterPaint, { once: true });
  });
}

function firstInteraction(): Promise<void> {
  return new Promise((resolve) => {
    for (const type of ['pointerdown', 'keydown', 'touchstart'] as const) {
      addEventListener(type, () => resolve(), { once: true, capture: true, passive: true });
    }
  });
}

/** The other pictures of the page may load now (index.html held them: global.css, `data-hold-images`). */
function releaseImages() {
  delete document.documentElement.dataset.holdImages;
}

// A visitor who scrolls wants what is below at once: the app itself can wait for a touch or a key.
addEventListener('scroll', releaseImages, { once: true, passive: true });
await Promise.race([mainImageReady(), firstInteraction()]);
releaseImages();
await import('./main');

export {};
