/**
 * Rasterises the drawn artwork to responsive WebP files in the shop's storage: the banner and collection tiles
 * every shop has, and the demo catalogue's product shots and gallery scenes when the demo is there (their
 * drawings come from the demo package, see db/seed).
 *
 * Called at API start-up: pictures that already exist are left alone (one listing of the storage tells
 * which), so only the first start pays for rendering. The storage writes each object whole or not at all,
 * so a crash mid-way never leaves a truncated image that a later start would mistake for a finished one.
 */
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import type { Storage } from '../storage/index.js';
import { bannerSvg, collectionTileSvg } from './artwork.js';

// 200 for thumbnails and cart lines (80 to 90 px wide, on screens of up to 2.5 pixels per px).
export const PRODUCT_WIDTHS = [200, 400, 800, 1200] as const; // 3:4 => heights 267, 533, 1067, 1600
export const GALLERY_WIDTHS = [480, 960] as const; // 4:5
// 560 is what a phone asks for when a wide picture fills half its width under a veil (collection heroes).
export const WIDE_WIDTHS = [560, 800, 1600] as const;

const WIDE_NAMES = ['collection-caftan', 'collection-jellaba', 'banner'] as const;
type WideName = (typeof WIDE_NAMES)[number];

/** Slugs and keys become path segments: refuse anything that could climb out of the storage dir. */
const SAFE_SEGMENT = /^[a-z0-9][a-z0-9-]{0,119}$/;

function segment(value: string, what: string): string {
  if (!SAFE_SEGMENT.test(value))
    throw new Error(`unsafe ${what} for a media path: ${JSON.stringify(value.slice(0, 40))}`);
  return value;
}

function positiveInt(n: number, what: string): number {
  if (!Number.isInteger(n) || n < 0) throw new Error(`${what} must be a non-negative integer`);
  return n;
}

export function productImagePath(slug: string, index: number, width: number): string {
  return `products/${segment(slug, 'slug')}/${positiveInt(index, 'index')}-${positiveInt(width, 'width')}.webp`;
}

export function galleryImagePath(key: string, width: number): string {
  return `gallery/${segment(key, 'key')}-${positiveInt(width, 'width')}.webp`;
}

export function wideImagePath(name: string, width: number): string {
  return `site/${segment(name, 'name')}-${positiveInt(width, 'width')}.webp`;
}

/** The demo's pictures: each product's views (svg(0) to svg(images - 1)) and each gallery scene, as SVG. */
export interface DemoMediaInput {
  products: { slug: string; images: number; svg: (view: number) => string }[]; // images = how many views (3)
  galleries: { key: string; svg: () => string }[];
}

/** A shop without the demo: the banner and collection tiles only. */
export const NO_DEMO_MEDIA: DemoMediaInput = { products: [], galleries: [] };

interface Job {
  /** builds the SVG lazily so skipped jobs cost nothing */
  svg: () => string;
  viewBox: { w: number; h: number };
  outputs: { rel: string; width: number; height: number }[];
}

// Measured on the 2-core target (1200 px product pictures): effort 2 encodes in 38 ms against 84 ms at the
// default 4, for 2% more bytes; effort 0 saves another 13 ms but weighs 22% more, and every shopper pays for
// that. The whole demo catalogue takes 3 s longer to render on a first start. Quality 78 keeps gold thread and
// grout lines crisp.
const WEBP = { quality: 78, effort: 2, smartSubsample: false } as const;

/** Rasterise once at the largest missing width, then downscale from the raw pixels. */
async function runJob(
  storage: Storage,
  present: Set<string>,
  job: Job,
): Promise<{ rendered: number; skipped: number }> {
  const missing = job.outputs.filter((out) => !present.has(out.rel));
  const skipped = job.outputs.length - missing.length;
  if (missing.length === 0) return { rendered: 0, skipped };

  const largest = missing.reduce((a, b) => (b.width > a.width ? b : a));
  // librsvg maps one SVG user unit to one pixel at 72 dpi.
  const density = (72 * largest.width) / job.viewBox.w;
  const { data, info } = await sharp(Buffer.from(job.svg()), { density })
    .resize(largest.width, largest.height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;

  await Promise.all(
    missing.map(async (out) => {
      let img = sharp(data, raw);
      if (out.width !== info.width || out.height !== info.height) {
        img = img.resize(out.width, out.height, { fit: 'fill', kernel: 'lanczos3' });
      }
      await storage.put(out.rel, await img.webp(WEBP).toBuffer(), 'image/webp');
    }),
  );
  return { rendered: missing.length, skipped };
}

function buildJobs(input: DemoMediaInput): Job[] {
  const jobs: Job[] = [];
  for (const p of input.products) {
    const views = positiveInt(p.images, 'images');
    for (let view = 0; view < views; view++) {
      jobs.push({
        svg: () => p.svg(view),
        viewBox: { w: 900, h: 1200 },
        outputs: PRODUCT_WIDTHS.map((w) => ({
          rel: productImagePath(p.slug, view, w),
          width: w,
          height: Math.round((w * 4) / 3),
        })),
      });
    }
  }
  for (const g of input.galleries) {
    jobs.push({
      svg: () => g.svg(),
      viewBox: { w: 1000, h: 1250 },
      outputs: GALLERY_WIDTHS.map((w) => ({
        rel: galleryImagePath(g.key, w),
        width: w,
        height: Math.round((w * 5) / 4),
      })),
    });
  }
  const wide: Record<WideName, { svg: () => string; w: number; h: number }> = {
    'collection-caftan': { svg: () => collectionTileSvg('caftan'), w: 1600, h: 1000 },
    'collection-jellaba': { svg: () => collectionTileSvg('jellaba'), w: 1600, h: 1000 },
    banner: { svg: bannerSvg, w: 2400, h: 1000 },
  };
  for (const name of WIDE_NAMES) {
    const spec = wide[name];
    jobs.push({
      svg: spec.svg,
      viewBox: { w: spec.w, h: spec.h },
      outputs: WIDE_WIDTHS.map((w) => ({
        rel: wideImagePath(name, w),
        width: w,
        height: Math.round((w * spec.h) / spec.w),
      })),
    });
  }
  return jobs;
}

export async function ensureDemoMedia(
  storage: Storage,
  input: DemoMediaInput,
  opts?: { concurrency?: number },
): Promise<{ rendered: number; skipped: number; ms: number }> {
  const started = performance.now();
  // Validate every path before touching the disk, so bad input fails fast and whole.
  const jobs = buildJobs(input);
  const present = new Set(
    (await Promise.all(['products/', 'gallery/', 'site/'].map((prefix) => storage.list(prefix)))).flat(),
  );
  // librsvg rasterises on one thread per image, so one job per core keeps both busy;
  // libvips' own pool then overlaps the resize and WebP encode.
  const concurrency = Math.max(1, Math.floor(opts?.concurrency ?? availableParallelism()));
  let next = 0;
  let rendered = 0;
  let skipped = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const job = jobs[next++];
      if (!job) break;
      const r = await runJob(storage, present, job);
      rendered += r.rendered;
      skipped += r.skipped;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  return { rendered, skipped, ms: Math.round(performance.now() - started) };
}
