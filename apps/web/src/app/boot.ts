/**
 * The first script of every page, and a small one. The server sent the page rendered; its main image is what
 * the visitor waits for, so the app's code (which takes the main thread for a while on a phone) starts once
 * that image is painted, at the visitor's first touch or key, or after 3 s at the latest. Then all its files
 * (the server lists the app's and the page's: #app-scripts) are asked for at once, and once they are in, the
 * web fonts a first visit held (fetchFonts). Until the app has taken over, taps wait in index.html's inline
 * script and are replayed then (lib/early-input.ts). The page's other pictures wait until those files have
 * arrived, or for the first scroll (html[data-hold-images], also set by index.html's inline script).
 */

/** The root element as index.html's inline script leaves it: the timer that lifts the fonts' hold after 3 s. */
type Booting = HTMLElement & { fontsHeld?: number };

/** The scripts of the app and of this page, as the server lists them. */
const scripts = JSON.parse(document.getElementById('app-scripts')?.textContent ?? '[]') as string[];

// lib/next-task's, written out: importing it would bring the shared chunk, and the framework, into this script.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

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

/**
 * The web fonts. On a first visit index.html held them (tokens.css, `data-hold-fonts`): this page keeps the
 * device's faces, which take the same room. Setting a page the shopper is already reading in new faces would
 * redraw every line under their eyes, and on a phone take the main thread for a long task (every style worked
 * out again, all the text shaped anew) right when they may tap. So the page's faces (`--font-body-face`,
 * `--font-display-face`, for the characters it shows) are fetched once the app's own files are in, and the
 * text changes face with the next page the app shows (app/frame), whose layout is new anyway. Once a web font
 * has arrived, this browser has them: its next first pages use them from the first paint (`webFonts`).
 */
async function fetchFonts(appArrived: Promise<unknown>) {
  const html = document.documentElement;
  // The faces of build/font-fallbacks.ts are the device's own: they say nothing about the cache.
  const isWebFont = (face: FontFace) => face.status === 'loaded' && !face.family.includes(' fallback: ');
  const remember = () => {
    try {
      localStorage.setItem('webFonts', '1');
    } catch {
      // storage refused: every page of this browser is a first visit's
    }
  };
  if ('holdFonts' in html.dataset) {
    await appArrived;
    const style = getComputedStyle(html);
    const text = document.getElementById('root')?.textContent ?? '';
    const loads = await Promise.allSettled(
      ['--font-body-face', '--font-display-face'].map((face) =>
        document.fonts.load(`1em ${style.getPropertyValue(face)}`, text),
      ),
    );
    if (loads.some((load) => load.status === 'fulfilled' && load.value.some(isWebFont))) remember();
    return;
  }
  if ([...document.fonts].some(isWebFont)) remember();
  else
    document.fonts.addEventListener('loadingdone', function done(event) {
      if (!event.fontfaces.some(isWebFont)) return;
      document.fonts.removeEventListener('loadingdone', done);
      remember();
    });
}

/** The other pictures of the page may load now (index.html held them: global.css, `data-hold-images`). */
function releaseImages() {
  delete document.documentElement.dataset.holdImages;
}

/**
 * Every script the app and this page need, fetched in parallel: otherwise the page's module is found only once
 * the app has run and matched the route, two downloads later. Each request is started in a task of its own:
 * starting one costs a phone's main thread a few ms, and the six together were one long task, right when the
 * shopper may first tap. Resolves once all are asked for, with what settles as each arrives (or fails: the
 * import reports that).
 */
async function requestScripts(scripts: string[]): Promise<Promise<unknown>[]> {
  const arrivals: Promise<unknown>[] = [];
  for (const href of scripts) {
    await nextTask();
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    arrivals.push(
      new Promise((resolve) => {
        link.addEventListener('load', resolve, { once: true });
        link.addEventListener('error', resolve, { once: true });
      }),
    );
    document.head.append(link);
  }
  return arrivals;
}

// A visitor who scrolls wants what is below at once: the app itself can wait for a touch or a key.
addEventListener('scroll', releaseImages, { once: true, passive: true });
// Lifting the fonts' hold is the app's from here (app/frame): index.html's timer is for a page whose scripts
// never came.
clearTimeout((document.documentElement as Booting).fontsHeld);
await Promise.race([mainImageReady(), firstInteraction()]);
// The pictures below the first screen and the web fonts wait for the app's files: on a slow line they would
// share it with them, and the app, which answers the shopper's taps, would listen later (a scroll lets the
// pictures go at once).
const arrivals = Promise.all(await requestScripts(scripts));
void arrivals.then(releaseImages);
void fetchFonts(arrivals);
// The framework (vite.config's `framework` chunk) is evaluated in a task of its own, then the app: the two
// together were one long task on a phone.
const framework = scripts.find((href) => /\/framework-[\w-]+\.js$/.test(href));
if (framework) {
  await import(/* @vite-ignore */ framework);
  await nextTask();
}
await import('./main');

export {};
