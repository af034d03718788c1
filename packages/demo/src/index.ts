/**
 * The demo boutique: 42 products with their texts in three languages, their colours, collections and gallery,
 * the pieces each colour × size starts with, and the drawings of their pictures. The API loads this package only at a
 * start that seeds or draws the demo (see its db/seed), so a shop built without it runs, empty.
 */
import { type GarmentArtwork } from '@boutique/api/artwork';
import { gallerySvg, garmentSvg, type SceneArtwork } from './artwork.js';
import * as data from './catalog-data.js';

export * from './catalog-data.js';
export { gallerySvg, garmentSvg, SCENE_SUBJECTS, type SceneArtwork, type SceneSubject } from './artwork.js';

/** Pictures of each demo product: the front, a close-up and the back (see garmentSvg). */
export const IMAGES_PER_PRODUCT = 3;

/**
 * Pieces per size in the demo, where a story needs them known (the browser tests rely on these): a product with
 * a sold-out size and few left, sizes with one and two pieces, one active product sold out in every size. They
 * are the pieces of the product's first colour; its other colours have none, so each size reads as these say.
 * Every other variant (colour × size) gets 0 to 6 pieces, the same on every seed (demoStock).
 */
export const DEMO_STOCK: Record<string, Partial<Record<data.SizeName, number>>> = {
  'zahra-emerald-velvet-caftan': { S: 3, M: 6, L: 6, XL: 5 },
  'bahia-womens-embroidered-jellaba': { S: 0, M: 2, L: 1, XL: 6 },
  'kasbah-mens-eid-jellaba': { S: 4, M: 1, L: 1, XL: 3 },
  'tanja-mens-linen-jellaba': { S: 5, M: 2, L: 2, XL: 3 },
  'atlas-mens-hooded-wool-jellaba': { S: 0, M: 0, L: 0, XL: 0 },
};

/**
 * The demo's pieces of a variant: DEMO_STOCK's on the product's first colour (none on its others), else 0 to 6
 * drawn from the slug, colour and size (FNV-1a). The first colour (or `color` left out) draws from the slug and
 * size alone, as the demo did when it counted per size.
 */
export function demoStock(slug: string, size: data.SizeName, color?: string): number {
  const first = data.products.find((p) => p.slug === slug)?.colors[0];
  const isFirst = color === undefined || color === '' || color === first;
  const known = DEMO_STOCK[slug];
  if (known) return isFirst ? (known[size] ?? 0) : 0;
  let hash = 0x811c9dc5;
  for (const ch of isFirst ? `${slug}/${size}` : `${slug}/${color}/${size}`) {
    hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  }
  return hash % 7;
}

/**
 * The colour a demo product's pictures show: every drawing is made in the product's colours with the first one
 * as its main colour (demoMedia), so its pictures are that colour's.
 */
export function demoPictureColor(slug: string): string | null {
  return data.products.find((p) => p.slug === slug)?.colors[0] ?? null;
}

/**
 * What a product's picture must show, read from what the shop says about it (its collection, its English name
 * and copy), so that a renamed or new demo piece is drawn as what it is: a takchita is named one, a caftan wears
 * a belt when its copy promises a mdamma or belt (and not "no belt"), and striped or two-tone pieces say so in
 * their names.
 */
export function garmentDrawing(
  p: Pick<data.SeedProduct, 'category' | 'name' | 'description' | 'details'>,
): Pick<GarmentArtwork, 'kind' | 'belt' | 'weave'> {
  const name = p.name.en.toLowerCase();
  const copy = [p.description.en, ...p.details.map((d) => d.en)].join(' ').toLowerCase();
  const kind = p.category === 'jellaba' ? 'jellaba' : /\btakchita\b/.test(name) ? 'takchita' : 'caftan';
  const belt = kind !== 'jellaba' && /\b(mdamma|belt)\b/.test(copy) && !/\bno belt\b/.test(copy);
  const weave = /\bstriped\b/.test(name) ? 'striped' : /\btwo-tone\b/.test(name) ? 'two-tone' : 'plain';
  return { kind, belt, weave };
}

export interface DemoMedia {
  products: { slug: string; images: number; artwork: GarmentArtwork; svg: (view: number) => string }[];
  galleries: { key: string; scene: SceneArtwork; svg: () => string }[];
}

/** The demo catalogue's pictures, each with its drawing, for the API to render (its media/render.ts). */
export function demoMedia(): DemoMedia {
  const hex = new Map(data.colors.map((c) => [c.key, c.hex]));
  return {
    products: data.products.map((p) => {
      const artwork: GarmentArtwork = {
        ...garmentDrawing(p),
        colors: p.colors.map((key) => hex.get(key) ?? '#777777'),
        accent: p.accent,
        motif: p.motif,
        seed: p.slug,
      };
      return { slug: p.slug, images: IMAGES_PER_PRODUCT, artwork, svg: (view) => garmentSvg(artwork, view) };
    }),
    galleries: data.galleries.map((g) => {
      const scene: SceneArtwork = { subject: g.subject, palette: g.palette, motif: g.motif, seed: g.key };
      return { key: g.key, scene, svg: () => gallerySvg(scene) };
    }),
  };
}
