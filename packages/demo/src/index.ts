/**
 * The demo boutique: 42 products with their texts in three languages, their colours, collections and gallery,
 * the pieces each colour × size starts with, and the drawings of their pictures. The API loads this package only at a
 * start that seeds or draws the demo (see its db/seed), so a shop built without it runs, empty.
 */
import {
  CUTS,
  EMBROIDERIES,
  type GarmentArtwork,
  type GarmentStyle,
  makeRng,
  NECKLINES,
  SLEEVES,
  TEXTURES,
} from '@boutique/api/artwork';
import { type Display, gallerySvg, garmentSvg, type ProductArtwork, type SceneArtwork } from './artwork.js';
import * as data from './catalog-data.js';

export * from './catalog-data.js';
export {
  type Display,
  gallerySvg,
  garmentSvg,
  type ProductArtwork,
  SCENE_SUBJECTS,
  type SceneArtwork,
  type SceneSubject,
} from './artwork.js';

/**
 * A demo picture: which view of the piece (garmentSvg: 0 front, 1 detail shot, 2 back) in which of its colours.
 * Each colour has its front and its detail shot; the first colour also its back.
 */
export interface DemoPicture {
  view: 0 | 1 | 2;
  color: string;
}

/** The pictures of a demo product, in their order on its page: its first colour's first (the listing's picture). */
export function demoPictures(p: Pick<data.SeedProduct, 'colors'>): DemoPicture[] {
  return p.colors.flatMap((color, i): DemoPicture[] =>
    i === 0
      ? [
          { view: 0, color },
          { view: 1, color },
          { view: 2, color },
        ]
      : [
          { view: 0, color },
          { view: 1, color },
        ],
  );
}

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

/** The first of `rules` whose words the name says, else the first the copy says. */
function said<T>(name: string, copy: string, rules: readonly [T, RegExp][]): T | undefined {
  return (rules.find(([, re]) => re.test(name)) ?? rules.find(([, re]) => re.test(copy)))?.[0];
}

/**
 * How a demo piece is cut and made, read from what the shop says about it: its cloth (velvet, brocade or lamé,
 * linen, wool or cotton, silk, chiffon, crepe or satin), its cut, sleeves and neckline, its trim (a mdamma when
 * it has a belt), where its embroidery sits, a jellaba's hood and length. What the copy leaves unsaid is drawn
 * from the slug, so the same product always looks the same and two products seldom alike; and whether it
 * stands on a form or hangs (men's jellabas hang).
 */
export function garmentStyle(
  p: Pick<data.SeedProduct, 'slug' | 'category' | 'name' | 'description' | 'details'>,
): { style: GarmentStyle; display: Display } {
  const name = p.name.en.toLowerCase();
  const copy = [p.description.en, ...p.details.map((d) => d.en)].join(' ').toLowerCase();
  const r = makeRng(`style|${p.slug}`);
  const jellaba = p.category === 'jellaba';
  const { belt } = garmentDrawing(p);
  const texture =
    said(name, copy, [
      ['velvet', /\bvelvet\b/],
      ['brocade', /\b(brocade|lamé|lame|damask|lurex)\b/],
      ['linen', /\b(linen|wool|cotton)\b/],
      ['silk', /\b(silk|chiffon|crepe|satin)\b/],
    ] as const) ?? r.pick(TEXTURES);
  const cut =
    said(name, copy, [
      ['kimono', /\bkimono\b/],
      ['a-line', /\b(flared|a-line|flowing)\b/],
      ['fitted', /\b(fitted cut|slightly fitted|tailored|slim)\b/],
      ['straight', /\bstraight\b/],
    ] as const) ?? r.pick(jellaba ? CUTS.filter((c) => c !== 'kimono') : CUTS);
  const sleeve =
    said(name, copy, [
      ['bell', /\b(bell|wide sleeves?)\b/],
      ['three-quarter', /\bthree-quarter\b/],
      ['cuffed', /\bcuffs?\b/],
    ] as const) ?? r.pick(SLEEVES);
  const neckline =
    said(name, copy, [
      ['v', /\bv-neck/],
      ['mandarin', /\b(mandarin|stand-up collar)\b/],
      ['slit', /\b(slit neck|neck slit|keyhole)\b/],
      ['round', /\bround neck/],
    ] as const) ?? r.pick(NECKLINES);
  const sfifa = /\bsfifa\b/.test(copy);
  const aakad = /\b(aakad|buttons)\b/.test(copy);
  const trim = belt
    ? 'mdamma'
    : sfifa && !aakad
      ? 'sfifa'
      : aakad && !sfifa
        ? 'aakad'
        : r.pick(['sfifa', 'aakad'] as const);
  const embroidery =
    said(name, copy, [
      ['all-over', /\b(all-over|scattered)\b/],
      ['hem', /\bhem\b/],
      ['sleeves', /\b(sleeves|cuffs)\b/],
      ['chest', /\b(chest|plastron|bodice)\b/],
    ] as const) ?? r.pick(EMBROIDERIES);
  const hood = jellaba && /\b(hood|qob)\b/.test(copy) && !/\b(no hood|hoodless|without a hood)\b/.test(copy);
  const length = jellaba && /\b(mid-calf|knee|short jellaba)\b/.test(copy) ? 'short' : 'long';
  const display: Display =
    jellaba && /\bmen’s\b/.test(name.replace(/'/g, '’')) && !/\bwomen’s\b/.test(name) ? 'hanger' : 'form';
  return { style: { cut, sleeve, neckline, trim, embroidery, texture, hood, length }, display };
}

export interface DemoMedia {
  products: {
    slug: string;
    /** how many pictures: svg(i) draws demoPictures(product)[i] */
    images: number;
    pictures: DemoPicture[];
    /** the piece in its first colour */
    artwork: ProductArtwork;
    /** the piece in one of its colours (a colour key of the product) */
    artworkIn: (color: string) => ProductArtwork;
    svg: (index: number) => string;
  }[];
  galleries: { key: string; scene: SceneArtwork; svg: () => string }[];
}

/**
 * The demo catalogue's pictures, each with its drawing, for the API to render (its media/render.ts). A colour's
 * pictures show the piece in that colour: its hex leads the palette, the product's other colours follow.
 */
export function demoMedia(): DemoMedia {
  const hex = new Map(data.colors.map((c) => [c.key, c.hex]));
  return {
    products: data.products.map((p) => {
      const look = {
        ...garmentDrawing(p),
        ...garmentStyle(p),
        accent: p.accent,
        motif: p.motif,
        seed: p.slug,
      };
      const artworkIn = (color: string): ProductArtwork => ({
        ...look,
        colors: [color, ...p.colors.filter((key) => key !== color)].map((key) => hex.get(key) ?? '#777777'),
      });
      const pictures = demoPictures(p);
      const svg = (index: number): string => {
        const picture = pictures[index];
        if (!picture) throw new Error(`${p.slug} has no picture ${index}`);
        return garmentSvg(artworkIn(picture.color), picture.view);
      };
      return {
        slug: p.slug,
        images: pictures.length,
        pictures,
        artwork: artworkIn(p.colors[0] ?? ''),
        artworkIn,
        svg,
      };
    }),
    galleries: data.galleries.map((g) => {
      const scene: SceneArtwork = { subject: g.subject, palette: g.palette, motif: g.motif, seed: g.key };
      return { key: g.key, scene, svg: () => gallerySvg(scene) };
    }),
  };
}
