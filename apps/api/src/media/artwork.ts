/**
 * Deterministic SVG artwork for the boutique's demo catalogue.
 *
 * There is no photo studio behind the demo, so product shots, gallery scenes and
 * site banners are drawn here as vector art and rasterised elsewhere (render.ts).
 * Everything is a pure function of its input: the same product always gets the
 * same picture, which keeps rendered files cacheable and tests meaningful.
 *
 * Only numbers and validated hex colours are ever interpolated into the markup,
 * so nothing needs escaping.
 *
 * Performance notes, measured with the librsvg inside sharp (they decide whether
 * a cold start renders the catalogue in seconds or in minutes):
 * - no blur filters: depth and softness come from gradients and translucent layers;
 * - radial gradients cost ~4x a linear one per pixel, so large areas use linear ramps;
 * - pattern tiles must span a whole number of output pixels and must not sit under
 *   a scaling transform, or librsvg resamples them (slower and blurrier).
 */

export type Motif = 'star8' | 'rosette' | 'lattice' | 'chevron' | 'floral';

/** How the cloth itself is coloured: one fabric, woven stripes, or a second colour on the shoulders and hood. */
export type Weave = 'plain' | 'striped' | 'two-tone';

export const GARMENT_KINDS = ['caftan', 'takchita', 'jellaba'] as const;
export type GarmentKind = (typeof GARMENT_KINDS)[number];

export interface GarmentArtwork {
  /**
   * The silhouette: a caftan (one layer, wide sleeves), a takchita (an under-dress with a sheer, open
   * over-layer and always a belt), or a jellaba (a straighter hooded robe).
   */
  kind: GarmentKind;
  /** hex, 1-4; colors[0] is the fabric, others used for pattern/secondary panels */
  colors: string[];
  /** hex of trim/embroidery */
  accent: string;
  motif: Motif;
  /** e.g. the product slug: drives small deterministic variations */
  seed: string;
  /** a mdamma at the waist of a caftan (a takchita always has one, a jellaba never) */
  belt?: boolean;
  /** plain unless given */
  weave?: Weave;
}

/** What a gallery picture shows; its caption must say the same (see the demo data). */
export const SCENE_SUBJECTS = [
  'atelier',
  'trim',
  'lane',
  'bride',
  'family',
  'garden',
  'fountain',
  'souk',
] as const;
export type SceneSubject = (typeof SCENE_SUBJECTS)[number];

export interface SceneArtwork {
  subject: SceneSubject;
  palette: string[];
  motif: Motif;
  seed: string;
}

const MOTIFS: readonly Motif[] = ['star8', 'rosette', 'lattice', 'chevron', 'floral'];
const WEAVES: readonly Weave[] = ['plain', 'striped', 'two-tone'];

// ---------------------------------------------------------------------------
// numbers, colours, randomness

/** One decimal is plenty at these scales and keeps the markup small. */
function f(x: number): string {
  const r = Math.round(x * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}

function at<T>(list: readonly T[], i: number): T {
  const v = list[i];
  if (v === undefined) throw new RangeError(`index ${i} out of range`);
  return v;
}

const HEX_RE = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** Validates and normalises to #rrggbb; the only way a colour reaches the markup. */
function hex(c: string): string {
  if (typeof c !== 'string' || !HEX_RE.test(c)) {
    throw new Error(`invalid hex colour: ${JSON.stringify(String(c).slice(0, 32))}`);
  }
  const h = c.slice(1).toLowerCase();
  return h.length === 3 ? `#${h[0]}${h[0]}${h[1]}${h[1]}${h[2]}${h[2]}` : `#${h}`;
}

type Rgb = [number, number, number];

function rgb(c: string): Rgb {
  const h = hex(c);
  return [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
}

function toHex([r, g, b]: Rgb): string {
  const c = (v: number): string =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

const lighten = (c: string, t: number): string => mix(c, '#ffffff', t);
const darken = (c: string, t: number): string => mix(c, '#000000', t);

/** Perceived lightness 0..1; used to keep contrast readable on very dark or very light fabric. */
function lum(c: string): number {
  const [r, g, b] = rgb(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

interface Rng {
  next(): number;
  range(a: number, b: number): number;
  int(a: number, b: number): number;
  pick<T>(list: readonly T[]): T;
  chance(p: number): boolean;
}

/** FNV-1a with a final avalanche, so similar slugs still diverge. */
function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32: tiny, fast and good enough for visual jitter. */
function makeRng(seed: string): Rng {
  let a = hash32(seed);
  const next = (): number => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (lo, hi) => lo + (hi - lo) * next(),
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (list) => at(list, Math.floor(next() * list.length)),
    chance: (p) => next() < p,
  };
}

function checkMotif(m: Motif): Motif {
  if (!MOTIFS.includes(m)) throw new Error(`unknown motif: ${JSON.stringify(String(m).slice(0, 32))}`);
  return m;
}

function checkPalette(list: readonly string[], what: string): string[] {
  if (!Array.isArray(list) || list.length < 1 || list.length > 4) {
    throw new Error(`${what} must hold 1 to 4 hex colours`);
  }
  return list.map(hex);
}

// ---------------------------------------------------------------------------
// geometry helpers

type P = readonly [number, number];

function pt([x, y]: P): string {
  return `${f(x)} ${f(y)}`;
}

function starPts(cx: number, cy: number, outer: number, inner: number, n: number, rot = 0): string {
  const out: string[] = [];
  for (let i = 0; i < n * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = rot + (Math.PI * i) / n - Math.PI / 2;
    out.push(`${f(cx + r * Math.cos(a))},${f(cy + r * Math.sin(a))}`);
  }
  return out.join(' ');
}

type Seg = { c: 'L'; p: P } | { c: 'Q'; c1: P; p: P } | { c: 'C'; c1: P; c2: P; p: P };

const mirrorX =
  (cx: number) =>
  ([x, y]: P): P => [2 * cx - x, y];

function segsD(segs: readonly Seg[]): string {
  return segs
    .map((s) =>
      s.c === 'L'
        ? `L${pt(s.p)}`
        : s.c === 'Q'
          ? `Q${pt(s.c1)} ${pt(s.p)}`
          : `C${pt(s.c1)} ${pt(s.c2)} ${pt(s.p)}`,
    )
    .join('');
}

/**
 * Garments are symmetric, so only the left half outline is authored (from the
 * top centre down to the bottom centre); the right half is its mirror, walked
 * back up so the result is one closed path.
 */
function symmetricPath(start: P, segs: readonly Seg[], cx = 450, close = true): string {
  const m = mirrorX(cx);
  const ends: P[] = [start, ...segs.map((s) => s.p)];
  let d = `M${pt(start)}${segsD(segs)}`;
  for (let i = segs.length - 1; i >= 0; i--) {
    const s = at(segs, i);
    const to = m(at(ends, i));
    if (s.c === 'L') d += `L${pt(to)}`;
    else if (s.c === 'Q') d += `Q${pt(m(s.c1))} ${pt(to)}`;
    else d += `C${pt(m(s.c2))} ${pt(m(s.c1))} ${pt(to)}`;
  }
  return close ? `${d}Z` : d;
}

type ArchStyle = 'horseshoe' | 'pointed' | 'lobed';

/** Closed outline of a Moorish arch opening, from the floor line up and back down. */
function archPath(cx: number, spring: number, half: number, bottom: number, style: ArchStyle): string {
  if (style === 'horseshoe') {
    const r = half * 1.14;
    const k = Math.sqrt(r * r - half * half);
    return `M${f(cx - half)} ${f(bottom)}L${f(cx - half)} ${f(spring + k)}A${f(r)} ${f(r)} 0 1 1 ${f(cx + half)} ${f(spring + k)}L${f(cx + half)} ${f(bottom)}Z`;
  }
  if (style === 'pointed') {
    const r = half * 1.35;
    const apex = spring - Math.sqrt(r * r - (r - half) * (r - half));
    return `M${f(cx - half)} ${f(bottom)}L${f(cx - half)} ${f(spring)}A${f(r)} ${f(r)} 0 0 1 ${f(cx)} ${f(apex)}A${f(r)} ${f(r)} 0 0 1 ${f(cx + half)} ${f(spring)}L${f(cx + half)} ${f(bottom)}Z`;
  }
  // Lobed (polylobed) arch: small cusps along a semicircle, as in Marinid madrasas.
  const lobes = 9;
  let d = `M${f(cx - half)} ${f(bottom)}L${f(cx - half)} ${f(spring)}`;
  const lr = ((Math.PI * half) / lobes / 2) * 1.35;
  for (let i = 1; i <= lobes; i++) {
    const a = Math.PI - (Math.PI * i) / lobes;
    d += `A${f(lr)} ${f(lr)} 0 0 1 ${f(cx + half * Math.cos(a))} ${f(spring - half * Math.sin(a))}`;
  }
  return `${d}L${f(cx + half)} ${f(bottom)}Z`;
}

// ---------------------------------------------------------------------------
// zellige motifs

interface TileInk {
  ground: string | null;
  a: string;
  b: string;
  c: string;
  grout: string | null;
  groutW: number;
  /** fill-opacity of the figures, so tone-on-tone brocade needs no group compositing */
  alpha: number;
}

const CORNERS: readonly P[] = [
  [0, 0],
  [100, 0],
  [0, 100],
  [100, 100],
];
const EDGES: readonly P[] = [
  [50, 0],
  [50, 100],
  [0, 50],
  [100, 50],
];

/** One 100x100 tile; figures crossing the tile edge are repeated on every edge so tiling is seamless. */
function motifTile(m: Motif, ink: TileInk): string {
  const ground = ink.ground ? `<rect width="100" height="100" fill="${ink.ground}"/>` : '';
  const stroke = ink.grout
    ? ` stroke="${ink.grout}" stroke-width="${f(ink.groutW)}" stroke-linejoin="round"`
    : '';
  const open = `<g fill-opacity="${Math.round(ink.alpha * 100) / 100}"${stroke}>`;
  let body = '';
  switch (m) {
    case 'star8': {
      body += `<polygon fill="${ink.a}" points="${starPts(50, 50, 36, 27.6, 8)}"/>`;
      body += `<polygon fill="${ink.b}" points="${starPts(50, 50, 18, 10, 8, Math.PI / 8)}"/>`;
      body += `<circle cx="50" cy="50" r="4.2" fill="${ink.c}"/>`;
      for (const [x, y] of CORNERS)
        body += `<polygon fill="${ink.c}" points="${starPts(x, y, 14, 10.7, 8)}"/>`;
      for (const [x, y] of EDGES) body += `<polygon fill="${ink.b}" points="${starPts(x, y, 9.5, 4, 4)}"/>`;
      break;
    }
    case 'rosette': {
      for (let k = 0; k < 8; k++) {
        body += `<polygon fill="${ink.a}" transform="rotate(${k * 45} 50 50)" points="50,36 57.5,25 50,9 42.5,25"/>`;
      }
      body += `<polygon fill="${ink.b}" points="${starPts(50, 50, 12.5, 6.5, 8, Math.PI / 8)}"/>`;
      body += `<circle cx="50" cy="50" r="3" fill="${ink.c}"/>`;
      for (const [x, y] of CORNERS) {
        body += `<polygon fill="${ink.c}" points="${starPts(x, y, 19, 6.5, 4, Math.PI / 4)}"/>`;
        body += `<circle cx="${x}" cy="${y}" r="3.5" fill="${ink.b}"/>`;
      }
      for (const [x, y] of EDGES) body += `<circle cx="${x}" cy="${y}" r="4" fill="${ink.b}"/>`;
      break;
    }
    case 'lattice': {
      const o = 29.3;
      body += `<polygon fill="${ink.a}" points="${o},0 ${100 - o},0 100,${o} 100,${100 - o} ${100 - o},100 ${o},100 0,${100 - o} 0,${o}"/>`;
      body += `<polygon fill="${ink.b}" points="${starPts(50, 50, 26, 19.9, 8, Math.PI / 8)}"/>`;
      body += `<polygon fill="${ink.c}" points="${starPts(50, 50, 11, 7, 8)}"/>`;
      for (const [x, y] of CORNERS) {
        body += `<polygon fill="${ink.c}" points="${f(x - o)},${y} ${x},${f(y - o)} ${f(x + o)},${y} ${x},${f(y + o)}"/>`;
        body += `<polygon fill="${ink.b}" points="${f(x - 12)},${y} ${x},${f(y - 12)} ${f(x + 12)},${y} ${x},${f(y + 12)}"/>`;
      }
      break;
    }
    case 'chevron': {
      body += `<polygon fill="${ink.a}" points="0,22 50,2 100,22 100,42 50,22 0,42"/>`;
      body += `<polygon fill="${ink.b}" points="0,72 50,52 100,72 100,92 50,72 0,92"/>`;
      body += `<polygon fill="${ink.c}" points="50,33 56,39 50,45 44,39"/><polygon fill="${ink.c}" points="50,83 56,89 50,95 44,89"/>`;
      body += `<polygon fill="${ink.c}" points="0,52 5,57 0,62"/><polygon fill="${ink.c}" points="100,52 95,57 100,62"/>`;
      break;
    }
    case 'floral': {
      for (let k = 0; k < 8; k++) {
        body += `<ellipse fill="${ink.a}" cx="50" cy="30" rx="6.2" ry="13" transform="rotate(${k * 45} 50 50)"/>`;
      }
      body += `<circle cx="50" cy="50" r="7.5" fill="${ink.b}"/><circle cx="50" cy="50" r="3" fill="${ink.c}"/>`;
      for (const [x, y] of CORNERS) {
        for (let k = 0; k < 4; k++) {
          body += `<ellipse fill="${ink.b}" cx="${x}" cy="${y - 11}" rx="4.5" ry="8" transform="rotate(${k * 90 + 45} ${x} ${y})"/>`;
        }
        body += `<circle cx="${x}" cy="${y}" r="4" fill="${ink.c}"/>`;
      }
      for (const [x, y] of EDGES) {
        const rot = y === 0 || y === 100 ? 0 : 90;
        body += `<ellipse fill="${ink.c}" cx="${x - 5}" cy="${y}" rx="5" ry="2.4" transform="rotate(${rot + 25} ${x} ${y})"/>`;
        body += `<ellipse fill="${ink.c}" cx="${x + 5}" cy="${y}" rx="5" ry="2.4" transform="rotate(${rot - 25} ${x} ${y})"/>`;
      }
      break;
    }
  }
  return `${ground}${open}${body}</g>`;
}

function patternDef(id: string, m: Motif, size: number, ink: TileInk, transform = ''): string {
  const t = transform ? ` patternTransform="${transform}"` : '';
  return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${f(size)}" height="${f(size)}" viewBox="0 0 100 100"${t}>${motifTile(m, ink)}</pattern>`;
}

/** A zellige ink from a palette: glazed colours set in pale grout, as on a riad wall. */
function zelligeInk(pal: readonly string[], grout = '#f4ecdc'): TileInk {
  const a = at(pal, 0);
  const b = pal[1] ?? lighten(a, 0.35);
  const c = pal[2] ?? mix(a, '#c8a24a', 0.6);
  const ground = pal[3] ?? mix('#f3ead8', a, 0.08);
  return { ground, a, b, c, grout, groutW: 2.2, alpha: 1 };
}

// ---------------------------------------------------------------------------
// shared paint servers

/** Short reflected ramp across the whole garment: reads as light glinting off gold or silver thread. */
function metalGradient(id: string, accent: string): string {
  const dark = darken(accent, 0.42);
  const light = lighten(accent, 0.55);
  return (
    `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="46" y2="30" spreadMethod="reflect">` +
    `<stop offset="0" stop-color="${dark}"/><stop offset=".3" stop-color="${accent}"/><stop offset=".5" stop-color="${light}"/>` +
    `<stop offset=".68" stop-color="${accent}"/><stop offset="1" stop-color="${darken(accent, 0.25)}"/></linearGradient>`
  );
}

/** Shared by every fold via objectBoundingBox: an ellipse centred on the bottom edge of the half-ellipse. */
function foldGradient(id: string, color: string, alpha: number): string {
  return (
    `<radialGradient id="${id}" cx=".5" cy="1" r="1" gradientTransform="matrix(.5 0 0 1 .25 0)"><stop offset="0" stop-color="${color}" stop-opacity="${alpha}"/>` +
    `<stop offset=".55" stop-color="${color}" stop-opacity="${Math.round(alpha * 45) / 100}"/>` +
    `<stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`
  );
}

/** Soft round glow or shadow; kept to small areas (see the performance notes). */
function radial(id: string, color: string, alpha: number): string {
  return (
    `<radialGradient id="${id}">` +
    `<stop offset="0" stop-color="${color}" stop-opacity="${alpha}"/><stop offset=".55" stop-color="${color}" stop-opacity="${Math.round(alpha * 35) / 100}"/>` +
    `<stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`
  );
}

/** Edge darkening from two linear ramps; a full-frame radial gradient costs librsvg ~4x more. */
function vignette(
  id: string,
  x: number,
  y: number,
  w: number,
  h: number,
  alpha: number,
): { defs: string; body: string } {
  const ramp = (dir: string, a: number): string =>
    `<linearGradient id="${id}${dir}" ${dir === 'h' ? 'x2="1" y2="0"' : 'x2="0" y2="1"'}><stop offset="0" stop-color="#000" stop-opacity="${a}"/>` +
    `<stop offset=".28" stop-color="#000" stop-opacity="0"/><stop offset=".72" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${a}"/></linearGradient>`;
  const a = Math.round(alpha * 100) / 100;
  const rect = `x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}"`;
  return {
    defs: ramp('h', a) + ramp('v', a),
    body: `<rect ${rect} fill="url(#${id}h)"/><rect ${rect} fill="url(#${id}v)"/>`,
  };
}

/**
 * Pattern tiles snapped to a whole number of output pixels (`unit` user units
 * map to whole pixels at the scale the scene is rasterised at): librsvg takes a
 * much slower resampling path for fractional tiles.
 */
function snap(size: number, unit: number): number {
  return Math.max(unit, Math.round(size / unit) * unit);
}

// ---------------------------------------------------------------------------
// garments

/** A fold runs from (x, y0) down to where it meets the hem at (x1, y1), w1 wide there. */
interface Fold {
  x: number;
  y0: number;
  x1: number;
  y1: number;
  w1: number;
  light: boolean;
}

interface Geometry {
  body: string;
  sleeve: string;
  sleeveEdge: string;
  sleeveFolds: Fold[];
  bodyFolds: Fold[];
  neckInner: string | null;
  neckTrims: string[];
  frontTrim: string | null;
  buttons: P[];
  hemTrim: string;
  belt: { d: string; top: string; bottom: string; cx: number; cy: number; back: boolean } | null;
  hood: { d: string; seam: string; tip: P; rim: string | null } | null;
  backSeam: string | null;
  panel: string | null;
  /**
   * A takchita's sheer over-layer (dfina): the left half of its outline and a longer, wider over-sleeve;
   * the right half is the mirror. In front the halves part below the belt on the under-dress.
   */
  over: { half: string; sleeve: string; sleeveEdge: string; edge: string } | null;
}

interface Variation {
  flare: number;
  sleeve: number;
  belt: boolean;
  panel: boolean;
  wave: number;
  brocade: number;
  /** brocade tile size in user units */
  tile: number;
}

function variation(art: GarmentArtwork): Variation {
  const r = makeRng(`garment|${art.seed}`);
  const flare = r.next();
  const sleeve = r.range(-1, 1);
  // The belt once was a draw here; the draw stays so that every other variation of a product keeps its value.
  if (art.kind !== 'jellaba') r.next();
  return {
    flare,
    sleeve,
    belt: art.kind === 'takchita' || (art.kind === 'caftan' && art.belt === true),
    // A takchita's centre shows the under-dress where the dfina parts, not a panel.
    panel: art.kind !== 'jellaba' && r.chance(0.5) && art.kind === 'caftan',
    wave: r.range(0.5, 1),
    brocade: r.range(0.22, 0.36),
    // Multiples of 3 land on whole pixels at the 4/3 and 10/3 scales we rasterise at;
    // librsvg takes a much slower resampling path for fractional pattern tiles.
    tile: r.pick([51, 57, 60, 66, 72]),
  };
}

/** The hem hangs in soft scallops where the flare folds meet the floor line. */
function hemSegs(halfW: number, y: number, drop: number, wave: number): Seg[] {
  const x0 = 450 - halfW;
  const q = halfW / 3;
  return [
    {
      c: 'C',
      c1: [x0 + q * 0.35, y + drop * 0.5 + 6 * wave],
      c2: [x0 + q * 0.7, y + drop * 0.6 - 5 * wave],
      p: [x0 + q, y + drop * 0.7],
    },
    {
      c: 'C',
      c1: [x0 + q * 1.35, y + drop * 0.8 + 7 * wave],
      c2: [x0 + q * 1.7, y + drop * 0.9 - 4 * wave],
      p: [x0 + q * 2, y + drop * 0.95],
    },
    {
      c: 'C',
      c1: [x0 + q * 2.35, y + drop + 6 * wave],
      c2: [x0 + q * 2.7, y + drop - 3 * wave],
      p: [450, y + drop],
    },
  ];
}

function fanFolds(
  topY: number,
  topHalf: number,
  botY: number,
  botHalf: number,
  n: number,
  wBot: number,
): Fold[] {
  const folds: Fold[] = [];
  for (let i = 0; i < n; i++) {
    const t = (i + 0.5) / n;
    folds.push({
      x: 450 - topHalf + 2 * topHalf * t,
      y0: topY,
      x1: 450 - botHalf + 2 * botHalf * t,
      y1: botY,
      w1: wBot,
      light: i % 2 === 1,
    });
  }
  return folds;
}

function caftanGeometry(v: Variation, back: boolean, takchita: boolean): Geometry {
  const hemY = 1092;
  const hemHalf = 232 + v.flare * 40;
  const neckTop: P = back ? [450, 186] : [450, 162];
  const half: Seg[] = [
    { c: 'Q', c1: back ? [426, 184] : [424, 162], p: [404, 172] },
    { c: 'Q', c1: [362, 180], p: [318, 197] },
    { c: 'C', c1: [338, 240], c2: [352, 290], p: [356, 336] },
    { c: 'C', c1: [360, 400], c2: [362, 450], p: [362, 492] },
    { c: 'C', c1: [362, 600], c2: [450 - hemHalf * 0.62, 820], p: [450 - hemHalf, hemY] },
    ...hemSegs(hemHalf, hemY, 26, v.wave),
  ];
  const body = symmetricPath(neckTop, half);
  const sw = v.sleeve * 14;
  const outerEnd: P = [126 - sw, 646];
  const innerEnd: P = [332, 690];
  const sleeve = `M322 194C276 214 ${f(196 - sw * 0.5)} 420 ${pt(outerEnd)}C${f(166 - sw)} 678 266 712 ${pt(innerEnd)}C338 560 350 432 356 338C352 270 342 216 322 194Z`;
  const sleeveEdge = `M${pt(outerEnd)}C${f(166 - sw)} 678 266 712 ${pt(innerEnd)}`;
  const sleeveFolds: Fold[] = [
    { x: 300, y0: 300, x1: 196, y1: 690, w1: 64, light: false },
    { x: 318, y0: 340, x1: 262, y1: 700, w1: 48, light: true },
    { x: 336, y0: 420, x1: 314, y1: 700, w1: 30, light: false },
  ];
  const bodyFolds = fanFolds(600, 74, hemY + 20, hemHalf * 0.95, 7, 110);
  // Same scalloped curve as the hem, walked from one side to the other.
  const hemTrim = symmetricPath([450 - hemHalf, hemY], hemSegs(hemHalf, hemY, 26, v.wave), 450, false);

  const beltY = 470;
  const over = takchita ? dfina(hemHalf, hemY, beltY, back, sw) : null;
  const belt = v.belt
    ? {
        d: `M350 ${beltY}Q450 ${beltY + 20} 550 ${beltY}L552 ${beltY + 50}Q450 ${beltY + 70} 348 ${beltY + 50}Z`,
        top: `M350 ${beltY}Q450 ${beltY + 20} 550 ${beltY}`,
        bottom: `M348 ${beltY + 50}Q450 ${beltY + 70} 552 ${beltY + 50}`,
        cx: 450,
        cy: beltY + 35,
        back,
      }
    : null;

  if (back) {
    return {
      body,
      sleeve,
      sleeveEdge,
      sleeveFolds,
      bodyFolds,
      hemTrim,
      belt,
      neckInner: null,
      neckTrims: ['M404 172Q426 184 450 186Q474 184 496 172'],
      frontTrim: null,
      buttons: [],
      hood: null,
      backSeam: `M450 190L450 ${hemY + 22}`,
      panel: null,
      over,
    };
  }
  const buttons: P[] = [];
  const lastButton = v.belt ? beltY - 8 : 700;
  for (let y = 238; y <= lastButton; y += 17) buttons.push([450, y]);
  if (v.belt) for (let y = beltY + 80; y <= 720; y += 17) buttons.push([450, y]);
  return {
    body,
    sleeve,
    sleeveEdge,
    sleeveFolds,
    bodyFolds,
    hemTrim,
    belt,
    buttons,
    neckInner: 'M404 172Q424 162 450 162Q476 162 496 172C492 204 472 222 450 223C428 222 408 204 404 172Z',
    neckTrims: ['M404 172C408 204 428 222 450 223C472 222 492 204 496 172'],
    frontTrim: `M450 225L450 ${hemY + 24}`,
    hood: null,
    backSeam: null,
    panel: v.panel
      ? `M412 226L488 226L${f(450 + hemHalf * 0.36)} ${hemY + 22}L${f(450 - hemHalf * 0.36)} ${hemY + 22}Z`
      : null,
    over,
  };
}

/**
 * The dfina of a takchita, a little wider than the under-dress so it reads as a second layer. In front
 * its edges meet down the closure to the belt, then part in a widening V that shows the under-dress.
 */
function dfina(
  hemHalf: number,
  hemY: number,
  beltY: number,
  back: boolean,
  sw: number,
): { half: string; sleeve: string; sleeveEdge: string; edge: string } {
  const h = hemHalf * 1.08;
  const gap = back ? 0 : hemHalf * 0.46;
  const waist = back ? 0 : 16;
  const neck = back ? 'M450 186L404 172' : 'M436 224L404 172';
  const hemAt = 450 - gap;
  const edge = back
    ? ''
    : `M436 224L${450 - waist} ${beltY}C${f(450 - waist - 10)} ${beltY + 180} ${f(hemAt + 20)} ${f(hemY - 120)} ${f(hemAt)} ${hemY + 30}`;
  const opening = back
    ? `L450 ${hemY + 30}L450 186Z`
    : `C${f(hemAt + 20)} ${f(hemY - 120)} ${f(450 - waist - 10)} ${beltY + 180} ${450 - waist} ${beltY}L436 224Z`;
  const half =
    `${neck}Q362 178 314 196C332 240 344 292 348 338C350 600 ${f(450 - h * 0.64)} 820 ${f(450 - h)} ${hemY + 8}` +
    `Q${f(450 - (h + gap) / 2)} ${hemY + 40} ${f(hemAt)} ${hemY + 30}${opening}`;
  // The sheer over-sleeve falls past the under-sleeve's cuff, so both edges show.
  const outer: P = [106 - sw * 1.2, 700];
  const inner: P = [334, 744];
  const sleeve = `M318 192C268 214 ${f(184 - sw * 0.6)} 430 ${pt(outer)}C${f(150 - sw)} 734 262 770 ${pt(inner)}C340 590 348 440 354 338C350 268 340 214 318 192Z`;
  const sleeveEdge = `M${pt(outer)}C${f(150 - sw)} 734 262 770 ${pt(inner)}`;
  return { half, sleeve, sleeveEdge, edge };
}

function jellabaGeometry(v: Variation, back: boolean): Geometry {
  const hemY = 1100;
  const hemHalf = 178 + v.flare * 22;
  const neckTop: P = back ? [450, 178] : [450, 160];
  const half: Seg[] = [
    { c: 'Q', c1: back ? [430, 178] : [428, 160], p: [410, 176] },
    { c: 'Q', c1: [360, 186], p: [300, 210] },
    { c: 'C', c1: [320, 252], c2: [338, 300], p: [344, 342] },
    { c: 'C', c1: [346, 520], c2: [450 - hemHalf * 0.9, 820], p: [450 - hemHalf, hemY] },
    ...hemSegs(hemHalf, hemY, 16, v.wave * 0.6),
  ];
  const body = symmetricPath(neckTop, half);
  const sw = v.sleeve * 8;
  // Dropped, rounded shoulder: the jellaba's sleeve is cut straight and roomy.
  const sleeve = `M342 194C306 205 278 224 264 272C${f(246 - sw * 0.5)} 400 ${f(230 - sw)} 560 ${f(220 - sw)} 668C252 684 302 688 338 674C342 560 346 440 348 340C348 280 348 226 342 194Z`;
  const sleeveEdge = `M${f(220 - sw)} 668C252 684 302 688 338 674`;
  const sleeveFolds: Fold[] = [
    { x: 290, y0: 260, x1: 252, y1: 672, w1: 40, light: false },
    { x: 312, y0: 300, x1: 300, y1: 680, w1: 32, light: true },
  ];
  const bodyFolds = fanFolds(480, 80, hemY + 12, hemHalf * 0.92, 5, 96);
  const hemTrim = symmetricPath([450 - hemHalf, hemY], hemSegs(hemHalf, hemY, 16, v.wave * 0.6), 450, false);
  if (back) {
    return {
      body,
      sleeve,
      sleeveEdge,
      sleeveFolds,
      bodyFolds,
      hemTrim,
      belt: null,
      neckInner: null,
      neckTrims: [],
      frontTrim: null,
      buttons: [],
      hood: {
        d: 'M396 176C372 260 404 420 450 540C496 420 528 260 504 176Q450 156 396 176Z',
        seam: 'M450 168C452 300 451 420 450 536',
        tip: [450, 540],
        rim: 'M396 176Q450 156 504 176',
      },
      backSeam: null,
      panel: null,
      over: null,
    };
  }
  const buttons: P[] = [];
  for (let y = 308; y <= 430; y += 20) buttons.push([450, y]);
  return {
    body,
    sleeve,
    sleeveEdge,
    sleeveFolds,
    bodyFolds,
    hemTrim,
    belt: null,
    neckInner: 'M410 176Q430 160 450 160Q470 160 490 176C484 222 462 268 450 296C438 268 416 222 410 176Z',
    neckTrims: ['M410 176C416 222 438 268 450 296C462 268 484 222 490 176'],
    frontTrim: `M450 296L450 ${hemY + 16}`,
    buttons,
    hood: {
      // Worn down, the qob lies on the shoulders behind the neck: its point stands well above them and
      // its open face, lined, shows what it is even in a thumbnail.
      d: 'M350 214C338 150 392 86 450 46C508 86 562 150 550 214Q450 178 350 214Z',
      seam: 'M450 50C452 62 451 70 450 78',
      tip: [450, 46],
      rim: 'M390 172C386 134 414 100 450 78C486 100 514 134 510 172',
    },
    backSeam: null,
    panel: null,
    over: null,
  };
}

interface GarmentInk {
  fabric: string;
  shadow: string;
  lining: string;
  secondary: string;
  tertiary: string;
  accent: string;
  accentLight: string;
  accentDark: string;
}

function garmentInk(art: GarmentArtwork): GarmentInk {
  const colors = checkPalette(art.colors, 'colors');
  const fabric = at(colors, 0);
  const accent = hex(art.accent);
  const l = lum(fabric);
  const secondary = colors[1] ?? (l > 0.55 ? darken(fabric, 0.22) : lighten(fabric, 0.22));
  const tertiary = colors[2] ?? mix(accent, secondary, 0.4);
  // Seen through the neckline: the garment's own shadowed inside, warmed by a contrast lining if any.
  const lining = colors[2] ? mix(darken(fabric, 0.45), at(colors, 2), 0.3) : darken(fabric, 0.5);
  return {
    fabric,
    shadow: darken(fabric, l < 0.15 ? 0.6 : 0.45),
    lining,
    secondary,
    tertiary,
    accent,
    accentLight: lighten(accent, 0.5),
    accentDark: darken(accent, 0.45),
  };
}

/**
 * A fold is the upper half of a long ellipse standing on the hem, filled with a
 * radial gradient centred on the hem: soft on every side without any blur, and
 * deepest at the hem, where real flare folds are deepest.
 */
function foldShape(fd: Fold, grad: string): string {
  const dx = fd.x1 - fd.x;
  const dy = fd.y1 - fd.y0;
  const len = Math.hypot(dx, dy);
  const deg = (-Math.atan2(dx, dy) * 180) / Math.PI;
  const rx = fd.w1 / 2;
  return `<path transform="rotate(${f(deg)} ${f(fd.x1)} ${f(fd.y1)})" fill="url(#${grad})" d="M${f(fd.x1 - rx)} ${f(fd.y1)}A${f(rx)} ${f(len)} 0 0 1 ${f(fd.x1 + rx)} ${f(fd.y1)}Z"/>`;
}

/**
 * Embroidered trim (sfifa): a cord edge, a satin-stitched metallic core whose
 * dash pattern reads as stitches, and a line of seed pearls down the middle.
 */
function sfifa(p: string, d: string, w: number, ink: GarmentInk, pattern = false, flush = false): string {
  const base = `d="${d}" fill="none" stroke-linejoin="round"`;
  // Trims that end at a garment edge are cut flush; others end in a rounded cord.
  const round = flush ? base : `${base} stroke-linecap="round"`;
  let s = `<path ${round} stroke="${ink.shadow}" stroke-opacity=".45" stroke-width="${f(w + 5)}"/>`;
  s += `<path ${round} stroke="${ink.accentLight}" stroke-width="${f(w)}"/>`;
  s += `<path ${round} stroke="${ink.accentDark}" stroke-width="${f(w - 2.4)}"/>`;
  if (pattern) {
    s += `<path ${base} stroke="url(#${p}trim)" stroke-width="${f(w - 3.4)}"/>`;
  } else {
    s += `<path ${base} stroke="url(#${p}metal)" stroke-width="${f(w - 3.4)}" stroke-dasharray="1.5 1"/>`;
    s += `<path ${round} stroke="${ink.accentLight}" stroke-width="${f(w * 0.26)}" stroke-dasharray="0 ${f(w * 0.55)}"/>`;
  }
  return s;
}

function aakad(p: string, buttons: readonly P[], r: number, ink: GarmentInk): string {
  let s = '';
  for (const [x, y] of buttons) {
    s += `<circle cx="${f(x + 0.8)}" cy="${f(y + 1.6)}" r="${f(r + 0.6)}" fill="${ink.shadow}" fill-opacity=".55"/>`;
    s += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="url(#${p}btn)"/>`;
  }
  return s;
}

interface GarmentOptions {
  view: 0 | 1 | 2;
  /** light comes from this side */
  light: 'left' | 'right';
}

/** The garment alone (no backdrop) in the 900x1200 frame, ids prefixed so several can share a document. */
function garmentLayer(
  art: GarmentArtwork,
  p: string,
  opts: GarmentOptions,
): { defs: string; body: string; outline: string } {
  const kind = art.kind;
  if (!GARMENT_KINDS.includes(kind)) throw new Error('kind must be caftan, takchita or jellaba');
  const weave = art.weave ?? 'plain';
  if (!WEAVES.includes(weave)) throw new Error('weave must be plain, striped or two-tone');
  const motif = checkMotif(art.motif);
  // Caftans and takchitas share the dress's trims: broad sfifa in a pattern, larger buttons.
  const dress = kind !== 'jellaba';
  const ink = garmentInk(art);
  const v = variation(art);
  const back = opts.view === 2;
  const g = kind === 'jellaba' ? jellabaGeometry(v, back) : caftanGeometry(v, back, kind === 'takchita');
  const dark = lum(ink.fabric) < 0.12;
  const pale = lum(ink.fabric) > 0.75;

  const brocadeInk: TileInk = {
    ground: null,
    a: mix(ink.fabric, pale ? darken(ink.secondary, 0.1) : lighten(ink.secondary, 0.15), 0.6),
    b: mix(ink.fabric, ink.accent, dark ? 0.55 : 0.45),
    c: mix(ink.fabric, ink.secondary, 0.35),
    grout: null,
    groutW: 0,
    alpha: kind === 'jellaba' ? v.brocade * 0.7 : v.brocade + (dark ? 0.08 : 0),
  };
  const trimInk: TileInk = {
    ground: darken(mix(ink.fabric, ink.secondary, 0.3), 0.35),
    a: ink.accent,
    b: ink.accentLight,
    c: ink.tertiary,
    grout: ink.accentDark,
    groutW: 3,
    alpha: 1,
  };
  const panelInk: TileInk = {
    ground: mix(ink.secondary, ink.fabric, 0.25),
    a: mix(ink.accent, ink.secondary, 0.15),
    b: ink.fabric,
    c: ink.accentLight,
    grout: ink.accentDark,
    groutW: 2,
    alpha: 1,
  };
  const lx = opts.light === 'left';
  let defs = '';
  defs += patternDef(`${p}fab`, motif, v.tile, brocadeInk);
  defs += patternDef(`${p}trim`, motif, 21, trimInk);
  defs += patternDef(`${p}panel`, motif, 45, panelInk);
  defs += metalGradient(`${p}metal`, ink.accent);
  defs += foldGradient(`${p}fd`, darken(ink.fabric, 0.7), dark ? 0.6 : 0.48);
  defs += foldGradient(`${p}fl`, lighten(ink.fabric, 0.6), dark ? 0.2 : pale ? 0.34 : 0.28);
  defs += `<radialGradient id="${p}btn" cx=".38" cy=".34" r=".7"><stop offset="0" stop-color="${lighten(ink.accent, 0.75)}"/><stop offset=".45" stop-color="${ink.accent}"/><stop offset="1" stop-color="${ink.accentDark}"/></radialGradient>`;
  // Cylinder-like lighting across the whole silhouette: a lit flank, a turning core, a shadow flank.
  const shadeStops =
    `<stop offset="0" stop-color="#000" stop-opacity=".32"/><stop offset=".16" stop-color="#fff" stop-opacity=".02"/>` +
    `<stop offset=".34" stop-color="#fff" stop-opacity="${pale ? 0.1 : 0.16}"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/>` +
    `<stop offset=".72" stop-color="#000" stop-opacity=".14"/><stop offset=".9" stop-color="#000" stop-opacity=".34"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity=".45"/>`;
  // The right sleeve is the left one mirrored, so it needs the light mirrored back.
  defs += `<linearGradient id="${p}shade" gradientUnits="userSpaceOnUse" x1="${lx ? 110 : 790}" y1="0" x2="${lx ? 790 : 110}" y2="0">${shadeStops}</linearGradient>`;
  defs += `<linearGradient id="${p}shadm" gradientUnits="userSpaceOnUse" x1="${lx ? 790 : 110}" y1="0" x2="${lx ? 110 : 790}" y2="0">${shadeStops}</linearGradient>`;
  defs += `<linearGradient id="${p}lin" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(ink.lining, 0.4)}"/><stop offset="1" stop-color="${ink.lining}"/></linearGradient>`;
  const mirror = 'matrix(-1 0 0 1 900 0)';
  defs += `<clipPath id="${p}bc"><path d="${g.body}"/></clipPath>`;
  defs += `<clipPath id="${p}sc"><path d="${g.sleeve}"/></clipPath>`;

  if (weave === 'striped') {
    // Woven pinstripes: a light thread and a dark one per repeat, following the garment's length.
    const thread = mix(ink.fabric, ink.tertiary, 0.6);
    defs += `<pattern id="${p}str" patternUnits="userSpaceOnUse" width="18" height="18"><rect x="3" width="2.4" height="18" fill="${thread}"/><rect x="12" width="1.2" height="18" fill="${darken(ink.fabric, 0.35)}"/></pattern>`;
  }
  // A takchita's under-dress is plain satin or velvet: the embroidery is on its dfina. Two busy patterns
  // over each other would read as noise, and weigh twice in the WebP.
  const cloth = weave === 'striped' ? `${p}str` : kind === 'takchita' ? null : `${p}fab`;
  // A two-tone piece's second colour is plain: the brocade is drawn in the first colour's tones.
  const fabricFill = (d: string, color = ink.fabric): string =>
    color === ink.fabric && cloth
      ? `<path d="${d}" fill="${color}"/><path d="${d}" fill="url(#${cloth})"/>`
      : `<path d="${d}" fill="${color}"/>`;
  const contrast = weave === 'two-tone' ? ink.secondary : ink.fabric;
  // Two-tone: shoulders in the second colour down to a curved seam across the chest.
  const yokeY = kind === 'jellaba' ? 330 : 320;
  const yokeX = kind === 'jellaba' ? 344 : 356;
  const yokeSeam = `M${yokeX} ${yokeY}Q450 ${yokeY + 80} ${900 - yokeX} ${yokeY}`;

  const veil = lum(ink.fabric) > 0.6 ? darken(ink.fabric, 0.08) : lighten(ink.fabric, 0.45);
  const sheer = (d: string): string => `<path d="${d}" fill="${veil}" fill-opacity=".3"/>`;

  // The garment's telling parts (qob, mdamma, dfina, yoke) carry ids, so tests can ask what a drawing shows.
  let s = '';
  // Hood worn down sits behind the body.
  if (g.hood && !back) {
    s += `<g id="${p}qob">`;
    s += fabricFill(g.hood.d, contrast);
    s += `<path d="${g.hood.d}" fill="${ink.shadow}" fill-opacity=".35"/><path d="${g.hood.d}" fill="url(#${p}shade)"/>`;
    if (g.hood.rim) {
      // The hood's open face, lined and in shadow.
      s += `<path d="${g.hood.rim}Q450 150 390 172Z" fill="url(#${p}lin)"/>`;
      s += sfifa(p, g.hood.rim, 7, ink);
    }
    s += `<path d="${g.hood.seam}" fill="none" stroke="${ink.shadow}" stroke-width="2" stroke-opacity=".6"/></g>`;
  }
  s += fabricFill(g.body);
  if (weave === 'two-tone') {
    s += `<path id="${p}yoke" clip-path="url(#${p}bc)" d="M0 0H900V${yokeY}L${900 - yokeX} ${yokeY}Q450 ${yokeY + 80} ${yokeX} ${yokeY}L0 ${yokeY}Z" fill="${contrast}"/>`;
    s += sfifa(p, yokeSeam, dress ? 12 : 8, ink);
  }
  if (g.panel) {
    s += `<path d="${g.panel}" fill="url(#${p}panel)"/><path d="${g.panel}" fill="${ink.secondary}" fill-opacity=".18"/>`;
    s += `<path d="${g.panel}" fill="none" stroke="${ink.accent}" stroke-width="3"/>`;
  }
  s += `<g clip-path="url(#${p}bc)">${g.bodyFolds.map((fd) => foldShape(fd, fd.light ? `${p}fl` : `${p}fd`)).join('')}</g>`;
  if (g.backSeam)
    s += `<path d="${g.backSeam}" fill="none" stroke="${ink.shadow}" stroke-width="1.6" stroke-opacity=".5"/>`;
  if (g.neckInner) s += `<path d="${g.neckInner}" fill="url(#${p}lin)"/>`;
  s += sfifa(p, g.hemTrim, dress ? 18 : 7, ink, dress, true);
  if (g.frontTrim) s += sfifa(p, g.frontTrim, dress ? 20 : 7, ink, dress);
  for (const d of g.neckTrims) s += sfifa(p, d, dress ? 14 : 9, ink);
  s += aakad(p, g.buttons, dress ? 5.2 : 4.6, ink);
  if (g.hood && back) {
    s += `<g id="${p}qob"><path d="${g.hood.d}" transform="translate(6 8)" fill="#000" fill-opacity=".16"/><path d="${g.hood.d}" transform="translate(14 16)" fill="#000" fill-opacity=".08"/>`;
    s += fabricFill(g.hood.d, contrast);
    s += `<path d="${g.hood.d}" fill="#fff" fill-opacity=".06"/>`;
    s += sfifa(p, g.hood.d, 8, ink);
    s += `<path d="${g.hood.d}" fill="url(#${p}hoodsh)"/>`;
    defs += `<linearGradient id="${p}hoodsh" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".25"/><stop offset=".45" stop-color="#fff" stop-opacity=".08"/><stop offset="1" stop-color="#000" stop-opacity=".3"/></linearGradient>`;
    s += sfifa(p, g.hood.seam, 6, ink);
    if (g.hood.rim) s += sfifa(p, g.hood.rim, 9, ink);
    const [tx, ty] = g.hood.tip;
    // Silk tassel (chrrabiya) at the point of the hood.
    let tassel = '';
    for (let i = -3; i <= 3; i++) {
      tassel += `<path d="M${tx} ${ty + 10}Q${f(tx + i * 2.5)} ${ty + 40} ${f(tx + i * 4)} ${ty + 62}" fill="none" stroke="${i % 2 ? ink.accent : ink.accentDark}" stroke-width="2.2"/>`;
    }
    s += tassel + `<circle cx="${tx}" cy="${ty + 8}" r="7" fill="url(#${p}btn)"/></g>`;
  }
  if (g.over) {
    // The sheer dfina: the under-dress shows through it, lightly veiled, and fully where it parts.
    const o = g.over;
    let half = sheer(o.half);
    half += `<path d="${o.half}" fill="none" stroke="${ink.accent}" stroke-width="3" stroke-opacity=".8"/>`;
    // The dfina's embroidery runs in a broad band along its opening, as on the under-dress's closure; spread
    // over the whole sheer cloth it read as noise and weighed half as much again in the WebP.
    if (o.edge) half += sfifa(p, o.edge, 16, ink, true);
    defs += `<g id="${p}dfina">${half}</g>`;
    s += `<use href="#${p}dfina"/><use href="#${p}dfina" transform="${mirror}"/>`;
    s += `<path d="${o.half}" fill="url(#${p}shade)"/><path d="${o.half}" transform="${mirror}" fill="url(#${p}shadm)"/>`;
  }
  if (g.belt) {
    const b = g.belt;
    s += `<g id="${p}mdamma"><path d="${b.d}" fill="url(#${p}metal)"/><path d="${b.d}" fill="url(#${p}trim)" fill-opacity=".55"/>`;
    s += `<path d="${b.top}" fill="none" stroke="${ink.accentLight}" stroke-width="2.5"/><path d="${b.bottom}" fill="none" stroke="${ink.accentDark}" stroke-width="3"/>`;
    s += `<path d="${b.top}" transform="translate(0 6)" fill="none" stroke="${ink.accentDark}" stroke-width="1.4" stroke-dasharray="3 2.5"/>`;
    s += `<path d="${b.bottom}" transform="translate(0 -6)" fill="none" stroke="${ink.accentDark}" stroke-width="1.4" stroke-dasharray="3 2.5"/>`;
    if (!b.back) {
      // The mdamma's clasp: a chased medallion set with a stone in the secondary colour.
      s += `<circle cx="${b.cx}" cy="${b.cy - 8}" r="34" fill="${ink.shadow}" fill-opacity=".45"/>`;
      s += `<circle cx="${b.cx}" cy="${b.cy - 10}" r="32" fill="url(#${p}metal)" stroke="${ink.accentDark}" stroke-width="2"/>`;
      s += `<polygon points="${starPts(b.cx, b.cy - 10, 26, 19.9, 8)}" fill="none" stroke="${ink.accentDark}" stroke-width="2"/>`;
      s += `<polygon points="${starPts(b.cx, b.cy - 10, 14, 8, 8, Math.PI / 8)}" fill="${ink.tertiary}" stroke="${ink.accentLight}" stroke-width="1.5"/>`;
      s += `<circle cx="${b.cx - 4}" cy="${b.cy - 15}" r="3.5" fill="#fff" fill-opacity=".6"/>`;
    }
    s += '</g>';
  }
  // Light over the body, trims included so the gold turns with the cloth. Painted
  // shape by shape rather than through a clip group, which costs a full-frame layer.
  const hemW = dress ? 23 : 12;
  s += `<path d="${g.body}" fill="url(#${p}shade)"/>`;
  s += `<path d="${g.hemTrim}" fill="none" stroke="url(#${p}shade)" stroke-width="${hemW}"/>`;
  if (g.belt) s += `<path d="${g.belt.d}" fill="url(#${p}shade)"/>`;
  // Cast shadow of each sleeve on the body, faked with two offset copies instead of a blur.
  const sleeveShadow = `<path d="${g.sleeve}" transform="translate(9 6)" fill="#000" fill-opacity=".09"/><path d="${g.sleeve}" transform="translate(18 12)" fill="#000" fill-opacity=".06"/>`;
  s += `<g clip-path="url(#${p}bc)">${sleeveShadow}<g transform="${mirror}">${sleeveShadow}</g></g>`;
  const sleeveId = `${p}sl`;
  let sleeve = fabricFill(g.sleeve);
  if (weave === 'two-tone') {
    sleeve += `<path clip-path="url(#${p}sc)" d="M0 0H900V${yokeY - 20}H0Z" fill="${contrast}"/>`;
  }
  sleeve += `<g clip-path="url(#${p}sc)">${g.sleeveFolds.map((fd) => foldShape(fd, fd.light ? `${p}fl` : `${p}fd`)).join('')}</g>`;
  sleeve += `<path d="${g.sleeve}" fill="none" stroke="${ink.shadow}" stroke-width="1.4" stroke-opacity=".6"/>`;
  const cuffW = dress ? 26 : 10;
  sleeve += sfifa(p, g.sleeveEdge, cuffW, ink, dress, true);
  defs += `<g id="${sleeveId}">${sleeve}</g>`;
  s += `<use href="#${sleeveId}"/><use href="#${sleeveId}" transform="${mirror}"/>`;
  const sleeveShade = (grad: string): string =>
    `<path d="${g.sleeve}" fill="url(#${p}${grad})"/><path d="${g.sleeveEdge}" fill="none" stroke="url(#${p}${grad})" stroke-width="${cuffW + 5}"/>`;
  s += sleeveShade('shade') + `<g transform="${mirror}">${sleeveShade('shadm')}</g>`;
  if (g.over) {
    const o = g.over;
    const overSleeve = `${sheer(o.sleeve)}${sfifa(p, o.sleeveEdge, 10, ink, false, true)}`;
    defs += `<g id="${p}os">${overSleeve}</g>`;
    s += `<use href="#${p}os"/><use href="#${p}os" transform="${mirror}"/>`;
    s += `<path d="${o.sleeve}" fill="url(#${p}shade)"/><path d="${o.sleeve}" transform="${mirror}" fill="url(#${p}shadm)"/>`;
  }
  const outline = `<path d="${g.body}"/><path d="${g.sleeve}"/><path d="${g.sleeve}" transform="${mirror}"/>`;
  return { defs, body: s, outline };
}

// ---------------------------------------------------------------------------
// product backdrops

const STUDIO_TINTS: readonly string[] = [
  '#efe7dc',
  '#ebe5dd',
  '#eae1d3',
  '#e6e2dc',
  '#efe3dc',
  '#e4e6df',
  '#ede4d6',
];

function studioBackdrop(
  p: string,
  seed: string,
  fabric: string,
  view: number,
): { defs: string; body: string } {
  const r = makeRng(`studio|${seed}`);
  let tint = mix(r.pick(STUDIO_TINTS), fabric, 0.06);
  // Pale fabric needs a deeper backdrop or the garment edge dissolves.
  if (lum(fabric) > 0.72) tint = mix(tint, '#b9a58b', 0.35);
  if (view === 2) tint = mix(tint, '#d9c3a0', 0.22);
  const archStyle: ArchStyle = r.pick(['horseshoe', 'pointed'] as const);
  // Linear gradients only: full-frame radial gradients cost librsvg ~4x more per pixel.
  let defs = `<linearGradient id="${p}bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lighten(tint, 0.12)}"/><stop offset=".38" stop-color="${lighten(tint, 0.4)}"/><stop offset=".78" stop-color="${tint}"/><stop offset="1" stop-color="${darken(tint, 0.16)}"/></linearGradient>`;
  const [l, rr] = view === 2 ? [0.2, 0.1] : [0.1, 0.2];
  defs += `<linearGradient id="${p}side" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="${l}"/><stop offset=".32" stop-color="#000" stop-opacity="0"/><stop offset=".68" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${rr}"/></linearGradient>`;
  defs += `<linearGradient id="${p}floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(tint, 0.12)}" stop-opacity="0"/><stop offset=".25" stop-color="${darken(tint, 0.1)}" stop-opacity=".55"/><stop offset="1" stop-color="${darken(tint, 0.24)}" stop-opacity=".9"/></linearGradient>`;
  defs += `<linearGradient id="${p}arch" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(tint, 0.08)}"/><stop offset=".6" stop-color="${darken(tint, 0.03)}" stop-opacity=".5"/><stop offset="1" stop-color="${darken(tint, 0.02)}" stop-opacity="0"/></linearGradient>`;
  defs += radial(`${p}cast`, '#000000', 0.38);
  let body = `<rect width="900" height="1200" fill="url(#${p}bg)"/>`;
  body += `<path d="${archPath(450, 430, 300, 1200, archStyle)}" fill="url(#${p}arch)"/>`;
  body += `<path d="${archPath(450, 430, 300, 1200, archStyle)}" fill="none" stroke="${lighten(tint, 0.5)}" stroke-width="3" stroke-opacity=".6" transform="translate(-2 -2)"/>`;
  body += `<rect y="960" width="900" height="240" fill="url(#${p}floor)"/>`;
  body += `<rect width="900" height="1200" fill="url(#${p}side)"/>`;
  body += `<ellipse cx="${view === 2 ? 430 : 470}" cy="1122" rx="330" ry="46" fill="url(#${p}cast)"/>`;
  return { defs, body };
}

function svgDoc(w: number, h: number, defs: string, body: string, viewBox = `0 0 ${w} ${h}`): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${viewBox}"><defs>${defs}</defs>${body}</svg>`;
}

/**
 * Product photo in a 3:4 portrait frame, 900x1200 units (view 1 crops its viewBox
 * to a 360x480 window of the same drawing, keeping the 900x1200 size).
 * view 0: front, full length; 1: close-up of the embroidered neckline and closure;
 * 2: back view in warmer side light. Higher integers wrap around.
 */
export function garmentSvg(art: GarmentArtwork, view: number): string {
  if (!Number.isInteger(view) || view < 0) throw new Error('view must be a non-negative integer');
  const v = (view % 3) as 0 | 1 | 2;
  const fabric = hex(at(checkPalette(art.colors, 'colors'), 0));
  const bg = studioBackdrop('b', art.seed, fabric, v);
  const g = garmentLayer(art, 'g', { view: v, light: v === 2 ? 'right' : 'left' });
  let body = bg.body;
  body += `<g transform="translate(0 24)">${g.body}</g>`;
  if (v === 1) {
    // Close-up on the neckline, closure and belt clasp. The zoom is a cropped root
    // viewBox rather than a scaled group: librsvg resamples patterns drawn under a
    // scaling transform, which is both blurrier and about four times slower.
    const x = 270;
    // A jellaba's close-up starts higher, to take in the point of its hood. Both offsets are multiples of 3
    // units, whole pixels at the 10/3 scale of the crop: a fractional offset sends librsvg's patterns down
    // its slow path (see the notes at the top).
    const y = art.kind === 'jellaba' ? 39 : 162;
    const vig = vignette('bvig', x, y, 360, 480, 0.2);
    body += vig.body;
    return svgDoc(900, 1200, bg.defs + g.defs + vig.defs, body, `${x} ${y} 360 480`);
  }
  return svgDoc(900, 1200, bg.defs + g.defs, body);
}
// ---------------------------------------------------------------------------
// scenes

function lanternDefs(p: string): string {
  return (
    radial(`${p}glow`, '#ffcf7a', 0.55) +
    `<linearGradient id="${p}brass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#5a3f1c"/><stop offset=".45" stop-color="#b8893d"/><stop offset=".6" stop-color="#e6c27a"/><stop offset="1" stop-color="#4a3216"/></linearGradient>` +
    `<linearGradient id="${p}flame" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff3c4"/><stop offset="1" stop-color="#f0a442"/></linearGradient>`
  );
}

/** A pierced brass lantern (fanous) with its glow, hanging on a chain from y=0. */
function lantern(p: string, x: number, y: number, s: number, glow = true): string {
  let g = `<path d="M${f(x)} 0L${f(x)} ${f(y - 52 * s)}" stroke="#3d2a14" stroke-width="${f(2.2 * s)}" stroke-dasharray="${f(5 * s)} ${f(2 * s)}"/>`;
  if (glow) g += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(230 * s)}" fill="url(#${p}glow)"/>`;
  g += `<g transform="translate(${f(x)} ${f(y)}) scale(${Math.round(s * 1000) / 1000})">`;
  g += `<path d="M-6 -52L6 -52L10 -44L-10 -44Z" fill="url(#${p}brass)"/>`;
  g += `<path d="M-24 -30Q0 -58 24 -30Z" fill="url(#${p}brass)"/>`;
  g += `<path d="M-24 -30L-32 6L-20 42L20 42L32 6L24 -30Z" fill="url(#${p}flame)"/>`;
  // Pierced metal: dark lattice with star openings letting the light through.
  g += `<path d="M-24 -30L-32 6L-20 42L20 42L32 6L24 -30Z M-8 -30L-10 42 M8 -30L10 42 M-32 6L32 6" fill="none" stroke="#4a3216" stroke-width="3.2"/>`;
  for (const [dx, dy] of [
    [-18, -12],
    [0, -12],
    [18, -12],
    [-18, 24],
    [0, 24],
    [18, 24],
  ] as const) {
    g += `<polygon points="${starPts(dx, dy, 5.5, 2.6, 8)}" fill="#fff8dc" fill-opacity=".85"/>`;
  }
  g += `<path d="M-20 42L20 42L10 54L-10 54Z" fill="url(#${p}brass)"/><path d="M0 54L0 70" stroke="#b8893d" stroke-width="3"/><circle cx="0" cy="72" r="3.5" fill="#e6c27a"/>`;
  return `${g}</g>`;
}

function fountain(
  p: string,
  cx: number,
  y: number,
  w: number,
  motif: Motif,
  pal: readonly string[],
  unit: number,
): string {
  const h = w * 0.34;
  let d = patternDef(`${p}ftile`, motif, snap(46, unit), zelligeInk(pal));
  d += `<linearGradient id="${p}marble" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fbf7ef"/><stop offset="1" stop-color="#d8cfc0"/></linearGradient>`;
  d += `<radialGradient id="${p}water" cx=".45" cy=".4" r=".7"><stop offset="0" stop-color="#cfe7ea"/><stop offset="1" stop-color="#5f8f9a"/></radialGradient>`;
  d += `<linearGradient id="${p}fshade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".35"/><stop offset=".4" stop-color="#fff" stop-opacity=".06"/><stop offset="1" stop-color="#000" stop-opacity=".4"/></linearGradient>`;
  const face = `M${f(cx - w)} ${f(y)}L${f(cx - w)} ${f(y + h)}Q${f(cx)} ${f(y + h + w * 0.2)} ${f(cx + w)} ${f(y + h)}L${f(cx + w)} ${f(y)}Z`;
  let g = `<ellipse cx="${f(cx)}" cy="${f(y + h + 8)}" rx="${f(w * 1.15)}" ry="${f(w * 0.16)}" fill="#000" fill-opacity=".18"/>`;
  g += `<path d="${face}" fill="url(#${p}ftile)"/><path d="${face}" fill="url(#${p}fshade)"/>`;
  g += `<ellipse cx="${f(cx)}" cy="${f(y)}" rx="${f(w)}" ry="${f(w * 0.2)}" fill="url(#${p}marble)"/>`;
  g += `<ellipse cx="${f(cx)}" cy="${f(y + 3)}" rx="${f(w - 14)}" ry="${f(w * 0.2 - 9)}" fill="url(#${p}water)"/>`;
  // Central basin and jet: a few translucent arcs read as water without any blur.
  g += `<path d="M${f(cx - 12)} ${f(y + 2)}L${f(cx - 8)} ${f(y - h * 0.9)}L${f(cx + 8)} ${f(y - h * 0.9)}L${f(cx + 12)} ${f(y + 2)}Z" fill="url(#${p}marble)"/>`;
  g += `<ellipse cx="${f(cx)}" cy="${f(y - h * 0.9)}" rx="${f(w * 0.3)}" ry="${f(w * 0.07)}" fill="url(#${p}marble)"/>`;
  g += `<ellipse cx="${f(cx)}" cy="${f(y - h * 0.9 + 2)}" rx="${f(w * 0.26)}" ry="${f(w * 0.05)}" fill="url(#${p}water)"/>`;
  for (const sdir of [-1, 1]) {
    for (let i = 0; i < 3; i++) {
      const spread = w * (0.24 + i * 0.05);
      g += `<path d="M${f(cx)} ${f(y - h * 1.35)}Q${f(cx + sdir * spread * 0.6)} ${f(y - h * 1.6)} ${f(cx + sdir * spread)} ${f(y - h * 0.92)}" fill="none" stroke="#eaf6f8" stroke-opacity="${0.5 - i * 0.12}" stroke-width="${2.4 - i * 0.5}"/>`;
    }
  }
  g += `<path d="M${f(cx)} ${f(y - h * 0.9)}L${f(cx)} ${f(y - h * 1.38)}" stroke="#eaf6f8" stroke-opacity=".7" stroke-width="3"/>`;
  return `<defs>${d}</defs>${g}`;
}

/** A curtain of fabric in the palette, drawn back with a tie; folds are gradient bands. */
function drape(
  p: string,
  side: 'left' | 'right',
  W: number,
  H: number,
  color: string,
  accent: string,
): string {
  const c = side === 'left' ? 'matrix(1 0 0 1 0 0)' : `matrix(-1 0 0 1 ${W} 0)`;
  const d = `M0 0L${f(W * 0.27)} 0C${f(W * 0.24)} ${f(H * 0.25)} ${f(W * 0.12)} ${f(H * 0.42)} ${f(W * 0.13)} ${f(H * 0.55)}C${f(W * 0.15)} ${f(H * 0.68)} ${f(W * 0.22)} ${f(H * 0.85)} ${f(W * 0.2)} ${H}L0 ${H}Z`;
  const edge = `M${f(W * 0.27)} 0C${f(W * 0.24)} ${f(H * 0.25)} ${f(W * 0.12)} ${f(H * 0.42)} ${f(W * 0.13)} ${f(H * 0.55)}C${f(W * 0.15)} ${f(H * 0.68)} ${f(W * 0.22)} ${f(H * 0.85)} ${f(W * 0.2)} ${H}`;
  let defs = `<clipPath id="${p}dc"><path d="${d}"/></clipPath>`;
  defs +=
    foldGradient(`${p}dd`, darken(color, 0.7), 0.45) + foldGradient(`${p}dl`, lighten(color, 0.6), 0.22);
  defs += `<linearGradient id="${p}dsh" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".35"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>`;
  let g = `<path d="${d}" transform="translate(14 0)" fill="#000" fill-opacity=".12"/><path d="${d}" fill="${color}"/>`;
  g += `<g clip-path="url(#${p}dc)">`;
  for (let i = 0; i < 7; i++) {
    const x = W * (0.02 + i * 0.036);
    g += `<path d="M${f(x - 10)} 0L${f(x + 10)} 0L${f(x * 0.55 + 26)} ${f(H * 0.55)}L${f(x * 0.55 - 6)} ${f(H * 0.55)}Z" fill="url(#${p}${i % 2 ? 'dl' : 'dd'})"/>`;
    g += `<path d="M${f(x * 0.55 - 6)} ${f(H * 0.55)}L${f(x * 0.55 + 26)} ${f(H * 0.55)}L${f(x * 0.9 + 30)} ${H}L${f(x * 0.9 - 20)} ${H}Z" fill="url(#${p}${i % 2 ? 'dl' : 'dd'})"/>`;
  }
  g += `<rect width="${f(W * 0.3)}" height="${H}" fill="url(#${p}dsh)"/></g>`;
  g += `<path d="${edge}" fill="none" stroke="${accent}" stroke-width="7"/><path d="${edge}" fill="none" stroke="${darken(accent, 0.4)}" stroke-width="3" stroke-dasharray="2 3"/>`;
  g += `<path d="M0 ${f(H * 0.53)}Q${f(W * 0.08)} ${f(H * 0.57)} ${f(W * 0.15)} ${f(H * 0.55)}" fill="none" stroke="${accent}" stroke-width="10" stroke-linecap="round"/>`;
  g += `<circle cx="${f(W * 0.15)}" cy="${f(H * 0.55)}" r="9" fill="${lighten(accent, 0.3)}"/>`;
  return `<defs>${defs}</defs><g transform="${c}">${g}</g>`;
}

interface WallSpec {
  W: number;
  H: number;
  pal: string[];
  motif: Motif;
  plaster: string;
  dadoTop: number;
  floorTop: number;
  /** pattern grid, see snap() */
  unit: number;
}

/** Plaster wall, carved stucco frieze, zellige dado and a tiled floor in perspective. */
function riadWall(p: string, s: WallSpec): string {
  const { W, H, pal, motif, plaster, dadoTop, floorTop, unit } = s;
  let defs = `<linearGradient id="${p}wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(plaster, 0.08)}"/><stop offset=".5" stop-color="${lighten(plaster, 0.12)}"/><stop offset="1" stop-color="${darken(plaster, 0.05)}"/></linearGradient>`;
  defs += patternDef(`${p}dado`, motif, snap(72, unit), zelligeInk(pal));
  defs += patternDef(`${p}stucco`, motif, snap(45, unit), {
    ground: darken(plaster, 0.1),
    a: lighten(plaster, 0.15),
    b: darken(plaster, 0.04),
    c: lighten(plaster, 0.3),
    grout: darken(plaster, 0.22),
    groutW: 1.6,
    alpha: 1,
  });
  defs += patternDef(`${p}border`, 'chevron', snap(26, unit), {
    ...zelligeInk(pal),
    a: pal[1] ?? at(pal, 0),
    b: at(pal, 0),
  });
  defs += `<linearGradient id="${p}floorg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b98a66"/><stop offset="1" stop-color="#7d5438"/></linearGradient>`;
  defs += `<linearGradient id="${p}dadosh" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity=".05"/><stop offset="1" stop-color="#000" stop-opacity=".3"/></linearGradient>`;
  let g = `<rect width="${W}" height="${H}" fill="url(#${p}wall)"/>`;
  g += `<rect y="70" width="${W}" height="64" fill="url(#${p}stucco)"/><rect y="66" width="${W}" height="4" fill="${darken(plaster, 0.25)}"/><rect y="134" width="${W}" height="4" fill="${darken(plaster, 0.25)}"/>`;
  g += `<rect y="${dadoTop}" width="${W}" height="${floorTop - dadoTop}" fill="url(#${p}dado)"/>`;
  g += `<rect y="${dadoTop}" width="${W}" height="${floorTop - dadoTop}" fill="url(#${p}dadosh)"/>`;
  g += `<rect y="${dadoTop - 26}" width="${W}" height="26" fill="url(#${p}border)"/>`;
  g += `<rect y="${dadoTop - 30}" width="${W}" height="5" fill="${darken(plaster, 0.3)}"/><rect y="${dadoTop}" width="${W}" height="3" fill="${darken(plaster, 0.35)}"/>`;
  g += `<rect y="${floorTop}" width="${W}" height="${H - floorTop}" fill="url(#${p}floorg)"/>`;
  // Floor tile joints converge on a vanishing point above the centre for depth.
  const vx = W / 2;
  const vy = floorTop - (H - floorTop) * 2.2;
  let lines = '';
  for (let i = -14; i <= 14; i++) {
    const bx = vx + i * (W / 12);
    const tx = vx + (bx - vx) * ((floorTop - vy) / (H - vy));
    lines += `M${f(tx)} ${floorTop}L${f(bx)} ${H}`;
  }
  for (let k = 1; k < 7; k++) {
    const y = floorTop + (H - floorTop) * Math.pow(k / 7, 1.6);
    lines += `M0 ${f(y)}L${W} ${f(y)}`;
  }
  g += `<path d="${lines}" stroke="#5e3d27" stroke-opacity=".35" stroke-width="2" fill="none"/>`;
  g += `<rect y="${floorTop}" width="${W}" height="10" fill="#000" fill-opacity=".18"/>`;
  return `<defs>${defs}</defs>${g}`;
}

interface ArchFrame {
  pal: readonly string[];
  motif: Motif;
  plaster: string;
  /** rectangular alfiz around the arch with carved spandrels */
  alfiz: boolean;
  unit: number;
}

/** An arched opening or niche: carved stucco frame, a zellige ribbon, and a shaded reveal for depth. */
function archOpening(
  p: string,
  cx: number,
  spring: number,
  half: number,
  bottom: number,
  style: ArchStyle,
  inner: string,
  fr: ArchFrame,
): string {
  const d = archPath(cx, spring, half, bottom, style);
  const id = `${p}a${Math.round(cx)}`;
  const { pal, plaster } = fr;
  let defs = `<clipPath id="${id}c"><path d="${d}"/></clipPath>`;
  defs += patternDef(`${id}st`, fr.motif, snap(Math.max(18, half * 0.16), fr.unit), {
    ground: darken(plaster, 0.12),
    a: lighten(plaster, 0.2),
    b: darken(plaster, 0.03),
    c: lighten(plaster, 0.35),
    grout: darken(plaster, 0.28),
    groutW: 2,
    alpha: 1,
  });
  defs += patternDef(`${id}rb`, 'chevron', snap(Math.max(10, half * 0.06), fr.unit), {
    ...zelligeInk(pal),
    a: at(pal, 0),
    b: pal[1] ?? at(pal, 0),
  });
  defs += `<linearGradient id="${id}rv" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity=".28"/><stop offset="1" stop-color="#000" stop-opacity=".08"/></linearGradient>`;
  const fw = Math.max(22, half * 0.2);
  let g = '';
  if (fr.alfiz) {
    const top = spring - half * 1.42 - fw;
    const x0 = cx - half - fw * 1.6;
    const w = 2 * (half + fw * 1.6);
    g += `<rect x="${f(x0)}" y="${f(top)}" width="${f(w)}" height="${f(bottom - top)}" fill="url(#${id}st)"/>`;
    g += `<rect x="${f(x0)}" y="${f(top)}" width="${f(w)}" height="${f(bottom - top)}" fill="none" stroke="url(#${id}rb)" stroke-width="${f(fw * 0.5)}"/>`;
    g += `<rect x="${f(x0 - fw * 0.28)}" y="${f(top - fw * 0.28)}" width="${f(w + fw * 0.56)}" height="${f(bottom - top + fw * 0.28)}" fill="none" stroke="${darken(plaster, 0.35)}" stroke-width="2"/>`;
  }
  g += `<path d="${d}" fill="none" stroke="${darken(plaster, 0.3)}" stroke-width="${f(fw * 2.3)}"/>`;
  g += `<path d="${d}" fill="none" stroke="${lighten(plaster, 0.2)}" stroke-width="${f(fw * 2.1)}"/>`;
  g += `<path d="${d}" fill="none" stroke="url(#${id}st)" stroke-width="${f(fw * 1.9)}"/>`;
  g += `<path d="${d}" fill="none" stroke="url(#${id}rb)" stroke-width="${f(fw * 0.55)}"/>`;
  g += `<path d="${d}" fill="none" stroke="#c9a45a" stroke-width="${f(Math.max(2, fw * 0.12))}" transform="translate(0 0)"/>`;
  // The reveal: inner edge in shadow, thickest near the top where the vault is deepest.
  g += `<g clip-path="url(#${id}c)">${inner}<path d="${d}" fill="none" stroke="url(#${id}rv)" stroke-width="${f(fw * 2.6)}"/><path d="${d}" fill="none" stroke="#000" stroke-opacity=".12" stroke-width="${f(fw * 1.1)}"/></g>`;
  return `<defs>${defs}</defs>${g}`;
}

function courtyardView(
  p: string,
  cx: number,
  top: number,
  bottom: number,
  half: number,
  mood: 'day' | 'dusk' | 'night',
  pal: readonly string[],
  motif: Motif,
  unit: number,
): string {
  const sky =
    mood === 'day'
      ? ['#8fbcd0', '#f1e2c2']
      : mood === 'dusk'
        ? ['#e7a77a', '#f8dcb0']
        : ['#1f2946', '#5a4a6a'];
  let defs = `<linearGradient id="${p}sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${at(sky, 0)}"/><stop offset="1" stop-color="${at(sky, 1)}"/></linearGradient>`;
  defs += patternDef(`${p}far`, motif, snap(34, unit), { ...zelligeInk(pal), alpha: 1 });
  const farWall = mood === 'night' ? '#3b3550' : mood === 'dusk' ? '#d9a57e' : '#dcbf95';
  let g = `<rect x="${f(cx - half - 60)}" y="${top}" width="${f(2 * half + 120)}" height="${f(bottom - top)}" fill="url(#${p}sky)"/>`;
  // Far gallery across the courtyard: three small arches cut into a sunlit wall.
  const wallTop = top + (bottom - top) * 0.42;
  g += `<rect x="${f(cx - half - 60)}" y="${f(wallTop)}" width="${f(2 * half + 120)}" height="${f(bottom - wallTop)}" fill="${farWall}"/>`;
  defs += `<linearGradient id="${p}farw" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${lighten(farWall, 0.15)}"/><stop offset="1" stop-color="${darken(farWall, 0.12)}"/></linearGradient>`;
  defs += `<linearGradient id="${p}fara" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(farWall, 0.62)}"/><stop offset="1" stop-color="${darken(farWall, 0.38)}"/></linearGradient>`;
  g += `<rect x="${f(cx - half - 60)}" y="${f(wallTop)}" width="${f(2 * half + 120)}" height="${f(bottom - wallTop)}" fill="url(#${p}farw)"/>`;
  g += `<rect x="${f(cx - half - 60)}" y="${f(wallTop)}" width="${f(2 * half + 120)}" height="6" fill="${darken(farWall, 0.3)}"/>`;
  for (let i = -1; i <= 1; i++) {
    g += `<path d="${archPath(cx + i * half * 0.62, wallTop + (bottom - wallTop) * 0.35, half * 0.2, bottom, 'horseshoe')}" fill="url(#${p}fara)"/>`;
  }
  g += `<rect x="${f(cx - half - 60)}" y="${f(bottom - (bottom - wallTop) * 0.28)}" width="${f(2 * half + 120)}" height="${f((bottom - wallTop) * 0.28)}" fill="url(#${p}far)"/>`;
  g += `<rect x="${f(cx - half - 60)}" y="${f(bottom - (bottom - wallTop) * 0.28)}" width="${f(2 * half + 120)}" height="${f((bottom - wallTop) * 0.28)}" fill="#000" fill-opacity="${mood === 'night' ? 0.5 : 0.2}"/>`;
  // Potted orange tree silhouettes soften the geometry.
  for (const sx of [-0.62, 0.62]) {
    const tx = cx + sx * half;
    g += `<path d="M${f(tx - 16)} ${f(bottom - 4)}L${f(tx + 16)} ${f(bottom - 4)}L${f(tx + 12)} ${f(bottom - 38)}L${f(tx - 12)} ${f(bottom - 38)}Z" fill="#a4603c"/>`;
    g += `<path d="M${f(tx)} ${f(bottom - 38)}L${f(tx)} ${f(bottom - 80)}" stroke="#5a3b22" stroke-width="5"/>`;
    g += `<circle cx="${f(tx)}" cy="${f(bottom - 104)}" r="38" fill="#3f5e3a"/><circle cx="${f(tx - 14)}" cy="${f(bottom - 116)}" r="22" fill="#557a4a"/>`;
    g += `<circle cx="${f(tx + 12)}" cy="${f(bottom - 96)}" r="5" fill="#e99a3a"/><circle cx="${f(tx - 18)}" cy="${f(bottom - 88)}" r="5" fill="#e99a3a"/><circle cx="${f(tx + 4)}" cy="${f(bottom - 128)}" r="5" fill="#e99a3a"/>`;
  }
  return `<defs>${defs}</defs>${g}`;
}

function scenePalette(list: readonly string[]): string[] {
  const pal = checkPalette(list, 'palette');
  while (pal.length < 3) pal.push(pal.length === 1 ? lighten(at(pal, 0), 0.45) : '#c8a24a');
  return pal;
}

/** Candle glow and wax, shared by every candle of a scene. */
function candleDefs(p: string): string {
  return (
    radial(`${p}cglow`, '#ffc76a', 0.5) +
    `<linearGradient id="${p}wax" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#d9cbb0"/><stop offset=".4" stop-color="#fbf3e2"/><stop offset="1" stop-color="#bfae8e"/></linearGradient>`
  );
}

/** A pillar candle standing on y, h tall, with its flame and glow. */
function candle(p: string, x: number, y: number, w: number, h: number): string {
  const top = y - h;
  let g = `<circle cx="${f(x)}" cy="${f(top - 14)}" r="${f(w * 3.2)}" fill="url(#${p}cglow)"/>`;
  g += `<rect x="${f(x - w / 2)}" y="${f(top)}" width="${f(w)}" height="${f(h)}" rx="${f(w * 0.12)}" fill="url(#${p}wax)"/>`;
  g += `<path d="M${f(x)} ${f(top)}L${f(x)} ${f(top - 8)}" stroke="#3a2a1a" stroke-width="2"/>`;
  g += `<path d="M${f(x)} ${f(top - 36)}Q${f(x + 8)} ${f(top - 14)} ${f(x)} ${f(top - 6)}Q${f(x - 8)} ${f(top - 14)} ${f(x)} ${f(top - 36)}Z" fill="url(#${p}flame)"/>`;
  return g;
}

interface RiadOptions {
  mood: 'day' | 'dusk' | 'night';
  fountain: boolean;
  /** a drape may hang at one side, unless it would hide the subject */
  curtain: boolean;
  /** drawn in front of the arch, before the lanterns and the light */
  front?: (p: string) => { defs: string; body: string };
}

/** A riad interior: an arch onto a courtyard, lanterns, drapes and the light of the hour. */
function riadScene(scene: SceneArtwork, pal: string[], motif: Motif, opts: RiadOptions): string {
  const r = makeRng(`gallery|${scene.seed}`);
  const W = 1000;
  const H = 1250;
  const style: ArchStyle = r.pick(['horseshoe', 'pointed', 'lobed'] as const);
  const mood = opts.mood;
  const sideNiches = r.chance(0.5);
  const curtain = opts.curtain ? r.pick(['left', 'right', 'none'] as const) : 'none';
  const lanternCount = r.int(1, 3);
  const plaster = mix('#efe2cc', at(pal, 0), 0.07);
  const p = 's';
  // Rasterised at 960 px for 1000 units: 25 units make 24 whole pixels.
  const unit = 25;
  let defs = lanternDefs(p);
  const vig = vignette(`${p}vig`, 0, 0, W, H, mood === 'night' ? 0.45 : 0.25);
  defs += vig.defs;
  const sunColor = mood === 'night' ? '#ffb45e' : '#fff1d0';
  defs += `<linearGradient id="${p}sun" x1="${mood === 'night' ? 0.5 : 0.1}" y1="0" x2="${mood === 'night' ? 0.5 : 0.6}" y2=".7"><stop offset="0" stop-color="${sunColor}" stop-opacity="${mood === 'night' ? 0.3 : 0.45}"/><stop offset="1" stop-color="${sunColor}" stop-opacity="0"/></linearGradient>`;
  let g = riadWall(p, { W, H, pal, motif, plaster, dadoTop: 930, floorTop: 1080, unit });
  const half = sideNiches ? 250 : 290;
  const spring = 520;
  g += archOpening(
    p,
    500,
    spring,
    half,
    1080,
    style,
    courtyardView(p, 500, 150, 1080, half, mood, pal, motif, unit),
    { pal, motif, plaster, alfiz: !sideNiches, unit },
  );
  if (sideNiches) {
    for (const nx of [120, 880]) {
      const niche = `<rect x="${nx - 80}" y="300" width="160" height="700" fill="${darken(plaster, 0.35)}"/><rect x="${nx - 80}" y="300" width="160" height="700" fill="url(#${p}dado)" fill-opacity=".25"/>`;
      g += archOpening(p, nx, 560, 62, 930, style, niche, { pal, motif, plaster, alfiz: false, unit });
      g += `<path d="M${nx - 22} 930L${nx + 22} 930L${nx + 30} 880Q${nx} 820 ${nx - 30} 880Z" fill="${at(pal, 1)}"/><path d="M${nx - 30} 880Q${nx} 820 ${nx + 30} 880" fill="none" stroke="#c9a45a" stroke-width="3"/>`;
    }
  }
  if (opts.fountain) g += fountain(p, 500, 1110, 170, motif, pal, unit);
  if (opts.front) {
    const fr = opts.front(p);
    defs += fr.defs;
    g += fr.body;
  }
  const lx = lanternCount === 1 ? [500] : lanternCount === 2 ? [400, 600] : [360, 500, 640];
  lx.forEach((x, i) => {
    g += lantern(p, x, 250 + (i % 2) * 50 + r.int(0, 20), 1.05);
  });
  if (curtain !== 'none') g += drape(p, curtain, W, H, at(pal, 0), pal[2] ?? '#c8a24a');
  g += `<rect width="${W}" height="${H}" fill="url(#${p}sun)"/>`;
  if (mood !== 'night') {
    // Shafts of sunlight falling through an unseen window, warm and slanted.
    defs += `<linearGradient id="${p}shaft" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff6df" stop-opacity=".28"/><stop offset="1" stop-color="#fff6df" stop-opacity="0"/></linearGradient>`;
    const sx = r.range(80, 320);
    g += `<path d="M${f(sx)} 0L${f(sx + 120)} 0L${f(sx + 560)} 1250L${f(sx + 300)} 1250Z" fill="url(#${p}shaft)"/>`;
    g += `<path d="M${f(sx + 170)} 0L${f(sx + 215)} 0L${f(sx + 700)} 1250L${f(sx + 600)} 1250Z" fill="url(#${p}shaft)"/>`;
  }
  g += vig.body;
  return svgDoc(W, H, defs, g);
}

/** A bridal takchita on display in the riad at night, between candles and lanterns. */
function brideScene(scene: SceneArtwork, pal: string[], motif: Motif): string {
  return riadScene(scene, pal, motif, {
    mood: 'night',
    fountain: false,
    curtain: true,
    front: (p) => {
      const look: Look = {
        colors: [at(pal, 0), pal[3] ?? at(pal, 2)],
        accent: at(pal, 1),
        motif,
        seed: `${scene.seed}-takchita`,
      };
      const gm = placedGarment(look, 'takchita', `${p}t`, 500, 1170, 0.74);
      let body = gm.body;
      for (const [x, h] of [
        [170, 170],
        [235, 110],
        [765, 130],
        [835, 190],
      ] as const)
        body += candle(p, x, 1180, 34, h);
      return { defs: gm.defs + candleDefs(p), body };
    },
  });
}

/** New jellabas for a family, from the father's to the youngest child's, on Eid morning. */
function familyScene(scene: SceneArtwork, pal: string[], motif: Motif): string {
  return riadScene(scene, pal, motif, {
    mood: 'day',
    fountain: false,
    curtain: false,
    front: (p) => {
      let defs = '';
      let body = '';
      const family = [
        { x: 250, scale: 0.6, color: at(pal, 0) },
        { x: 500, scale: 0.54, color: at(pal, 1) },
        { x: 705, scale: 0.42, color: lighten(at(pal, 1), 0.35) },
        { x: 860, scale: 0.34, color: at(pal, 0) },
      ];
      family.forEach((m, i) => {
        const look: Look = { colors: [m.color], accent: at(pal, 2), motif, seed: `${scene.seed}-${i}` };
        const gm = placedGarment(look, 'jellaba', `${p}j${i}`, m.x, 1185, m.scale, i % 2 ? 'right' : 'left');
        defs += gm.defs;
        body += gm.body;
      });
      return { defs, body };
    },
  });
}

/**
 * A close-up of a caftan's closure: the sfifa braid, the aakad buttons, and a needle still threaded. The
 * zoom is a cropped root viewBox over the 900x1200 garment, which keeps its patterns sharp (see garmentSvg).
 */
function trimScene(scene: SceneArtwork, pal: string[], motif: Motif): string {
  const art: GarmentArtwork = {
    kind: 'caftan',
    colors: [at(pal, 0)],
    accent: at(pal, 1),
    motif,
    seed: scene.seed,
  };
  const g = garmentLayer(art, 'g', { view: 0, light: 'left' });
  // 240 units across make 4 whole pixels each at 960 px (2 at 480), so the patterns stay on librsvg's fast path.
  const x = 330;
  const y = 180;
  const w = 240;
  const h = 300;
  const vig = vignette('v', x, y, w, h, 0.22);
  let body = `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${darken(at(pal, 0), 0.3)}"/>${g.body}`;
  // The needle lies across the cloth; its thread runs back to the button being sewn.
  body += `<path d="M520 ${y + 150}C500 ${y + 120} 470 ${y + 150} 456 ${y + 136}" fill="none" stroke="${at(pal, 1)}" stroke-width="1.6"/>`;
  body += `<path d="M512 ${y + 160}L${x + w - 14} ${y + 96}" stroke="#000" stroke-opacity=".25" stroke-width="4" stroke-linecap="round" transform="translate(3 4)"/>`;
  body += `<path d="M512 ${y + 160}L${x + w - 14} ${y + 96}" stroke="#d8dade" stroke-width="3" stroke-linecap="round"/>`;
  body += `<ellipse cx="518" cy="${y + 156}" rx="3.2" ry="1.2" transform="rotate(-36 518 ${y + 156})" fill="${darken(at(pal, 0), 0.4)}"/>`;
  body += vig.body;
  return svgDoc(1000, 1250, g.defs + vig.defs, body, `${x} ${y} ${w} ${h}`);
}

/** The workroom: an arched window onto the courtyard, a caftan on its dress form, the cutting table. */
function atelierScene(scene: SceneArtwork, pal: string[], motif: Motif): string {
  const W = 1000;
  const H = 1250;
  const p = 'a';
  const unit = 25;
  const plaster = mix('#efe2cc', at(pal, 0), 0.05);
  let defs = lanternDefs(p);
  const vig = vignette(`${p}vig`, 0, 0, W, H, 0.25);
  defs += vig.defs;
  let g = riadWall(p, { W, H, pal, motif, plaster, dadoTop: 900, floorTop: 1040, unit });
  g += archOpening(
    p,
    270,
    420,
    150,
    880,
    'horseshoe',
    courtyardView(p, 270, 150, 880, 150, 'day', pal, motif, unit),
    {
      pal,
      motif,
      plaster,
      alfiz: false,
      unit,
    },
  );
  // Window sill and the light it lets onto the work.
  g += `<rect x="100" y="876" width="340" height="18" fill="${darken(plaster, 0.25)}"/>`;
  defs += `<linearGradient id="${p}beam" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff3d6" stop-opacity=".35"/><stop offset="1" stop-color="#fff3d6" stop-opacity="0"/></linearGradient>`;
  // The dress form: a caftan on a stand.
  const look: Look = { colors: [at(pal, 0)], accent: at(pal, 1), motif, seed: `${scene.seed}-form` };
  const gm = placedGarment(look, 'caftan', `${p}f`, 690, 960, 0.62, 'left');
  defs += gm.defs;
  g += `<path d="M690 950L690 1120M640 1130L690 1110L740 1130" fill="none" stroke="#4a3322" stroke-width="9" stroke-linecap="round"/>`;
  g += gm.body;
  // The cutting table in front, with a bolt of cloth, thread, scissors and a tape measure.
  defs += `<linearGradient id="${p}wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9a6b45"/><stop offset=".12" stop-color="#7d5438"/><stop offset="1" stop-color="#4f3322"/></linearGradient>`;
  defs += `<linearGradient id="${p}roll" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".3"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".4"/></linearGradient>`;
  g += `<path d="M0 1090L1000 1090L1000 1250L0 1250Z" fill="url(#${p}wood)"/><rect y="1090" width="${W}" height="5" fill="#b88a60"/>`;
  const cloth = pal[2] ?? at(pal, 1);
  g += `<rect x="70" y="1100" width="380" height="74" rx="37" fill="${cloth}"/><rect x="70" y="1100" width="380" height="74" rx="37" fill="url(#${p}roll)"/>`;
  g += `<ellipse cx="430" cy="1137" rx="22" ry="37" fill="${darken(cloth, 0.15)}"/><ellipse cx="430" cy="1137" rx="7" ry="12" fill="${darken(cloth, 0.5)}"/>`;
  // A length unrolled towards the front edge.
  g += `<path d="M120 1174L400 1174L430 1250L90 1250Z" fill="${cloth}"/><path d="M120 1174L400 1174L430 1250L90 1250Z" fill="#000" fill-opacity=".12"/>`;
  for (const [sx, c] of [
    [520, at(pal, 1)],
    [566, at(pal, 0)],
    [612, '#f4ecdc'],
  ] as const) {
    g += `<rect x="${sx}" y="1118" width="34" height="50" rx="4" fill="#d9b98a"/><rect x="${sx + 3}" y="1126" width="28" height="34" fill="${c}"/><rect x="${sx + 3}" y="1126" width="28" height="34" fill="url(#${p}roll)"/>`;
  }
  // Scissors, open.
  g += `<path d="M720 1180L860 1128M720 1150L860 1168" stroke="#c9ccd2" stroke-width="7" stroke-linecap="round"/>`;
  g += `<circle cx="700" cy="1190" r="16" fill="none" stroke="#2b2b2b" stroke-width="7"/><circle cx="700" cy="1142" r="16" fill="none" stroke="#2b2b2b" stroke-width="7"/>`;
  g += `<path d="M660 1230C720 1206 820 1240 960 1214" fill="none" stroke="#e9d27a" stroke-width="10"/><path d="M660 1230C720 1206 820 1240 960 1214" fill="none" stroke="#6b5a2a" stroke-width="10" stroke-dasharray="1.5 12"/>`;
  g += `<path d="M0 0L520 0L980 1250L420 1250Z" fill="url(#${p}beam)"/>`;
  g += lantern(p, 520, 190, 0.9);
  g += vig.body;
  return svgDoc(W, H, defs, g);
}

/** Where a lane in perspective puts a point: t from the near edge (0) to the far end (1), v from floor to top. */
function lanePoint(side: -1 | 1, t: number, v: number): P {
  const x = side < 0 ? 430 * t : 1000 - 430 * t;
  const floor = 1250 - 560 * t;
  const top = -200 + 620 * t;
  return [x, floor + (top - floor) * v];
}

function laneQuad(side: -1 | 1, t0: number, t1: number, v0: number, v1: number): string {
  const a = lanePoint(side, t0, v0);
  const b = lanePoint(side, t1, v0);
  const c = lanePoint(side, t1, v1);
  const d = lanePoint(side, t0, v1);
  return `M${pt(a)}L${pt(b)}L${pt(c)}L${pt(d)}Z`;
}

/** A narrow lane of the medina in one-point perspective, the morning sun on the upper walls. */
function laneScene(scene: SceneArtwork, pal: string[]): string {
  const W = 1000;
  const H = 1250;
  const p = 'l';
  const r = makeRng(`lane|${scene.seed}`);
  const wall = at(pal, 1);
  const earth = at(pal, 0);
  const wood = at(pal, 2);
  let defs = `<linearGradient id="${p}sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a9cde0"/><stop offset="1" stop-color="#fbe7c6"/></linearGradient>`;
  defs += `<linearGradient id="${p}deep" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".35"/></linearGradient>`;
  const vig = vignette(`${p}vig`, 0, 0, W, H, 0.3);
  defs += vig.defs;
  let g = `<rect width="${W}" height="${H}" fill="url(#${p}sky)"/>`;
  const far = [lanePoint(-1, 1, 0), lanePoint(1, 1, 0), lanePoint(1, 1, 1), lanePoint(-1, 1, 1)];
  // The far end: a wall with a horseshoe gateway full of light.
  g += `<path d="M${far.map(pt).join('L')}Z" fill="${mix(wall, earth, 0.35)}"/>`;
  g += `<path d="${archPath(500, 600, 34, 690, 'horseshoe')}" fill="#fff4dc"/>`;
  g += `<path d="${archPath(500, 600, 34, 690, 'horseshoe')}" fill="none" stroke="${darken(wall, 0.3)}" stroke-width="6"/>`;
  // Walls: the left one in shade, the right one catching the sun above a line of shadow.
  const left = `M${pt(lanePoint(-1, 0, 0))}L${pt(lanePoint(-1, 1, 0))}L${pt(lanePoint(-1, 1, 1))}L${pt(lanePoint(-1, 0, 1))}Z`;
  const right = `M${pt(lanePoint(1, 0, 0))}L${pt(lanePoint(1, 1, 0))}L${pt(lanePoint(1, 1, 1))}L${pt(lanePoint(1, 0, 1))}Z`;
  g += `<path d="${left}" fill="${darken(mix(wall, earth, 0.45), 0.22)}"/>`;
  g += `<path d="${right}" fill="${mix(wall, earth, 0.3)}"/>`;
  g += `<path d="${laneQuad(1, 0, 1, 0.55, 1)}" fill="#fff1cf" fill-opacity=".55"/>`;
  g += `<path d="${laneQuad(-1, 0, 1, 0.82, 1)}" fill="#fff1cf" fill-opacity=".3"/>`;
  // Doors, studded, and small windows with grilles, along both walls.
  for (const side of [-1, 1] as const) {
    let t = r.range(0.05, 0.12);
    while (t < 0.8) {
      const w = 0.12 - t * 0.05;
      g += `<path d="${laneQuad(side, t, t + w, 0, 0.3)}" fill="${darken(wood, 0.1)}"/>`;
      g += `<path d="${laneQuad(side, t + w * 0.1, t + w * 0.9, 0.02, 0.27)}" fill="${wood}"/>`;
      const [sx, sy] = lanePoint(side, t + w / 2, 0.15);
      g += `<circle cx="${f(sx)}" cy="${f(sy)}" r="${f(6 * (1 - t))}" fill="#c9a45a"/>`;
      g += `<path d="${laneQuad(side, t + w * 0.2, t + w * 0.8, 0.45, 0.55)}" fill="${darken(wall, 0.55)}"/>`;
      t += w + r.range(0.08, 0.16);
    }
  }
  // Cedar beams brace the walls against each other high above the lane, as in Fes.
  for (const t of [0.3, 0.52, 0.7]) {
    const a = lanePoint(-1, t, 0.8);
    const b = lanePoint(1, t, 0.8);
    const th = 26 * (1 - t * 0.7);
    g += `<path d="M${pt(a)}L${pt(b)}L${f(b[0])} ${f(b[1] + th)}L${f(a[0])} ${f(a[1] + th)}Z" fill="${darken(wood, 0.3)}"/>`;
  }
  // Cobbled floor converging on the gateway.
  const floor = `M${pt(lanePoint(-1, 0, 0))}L${pt(lanePoint(1, 0, 0))}L${pt(lanePoint(1, 1, 0))}L${pt(lanePoint(-1, 1, 0))}Z`;
  g += `<path d="${floor}" fill="${mix(earth, '#8a7560', 0.5)}"/><path d="${floor}" fill="url(#${p}deep)"/>`;
  let lines = '';
  for (let k = 1; k < 9; k++) {
    const t = 1 - Math.pow(1 - k / 9, 1.8);
    const a = lanePoint(-1, t, 0);
    const b = lanePoint(1, t, 0);
    lines += `M${pt(a)}L${pt(b)}`;
  }
  for (let i = -4; i <= 4; i++) lines += `M${f(500 + i * 125)} 1250L${f(500 + i * 16)} 690`;
  g += `<path d="${lines}" stroke="#4a3a2a" stroke-opacity=".3" stroke-width="2" fill="none"/>`;
  // Morning light falls in from the top of the lane, across the sunlit floor.
  g += `<path d="M${pt(lanePoint(1, 0.1, 0))}L${pt(lanePoint(1, 0.45, 0))}L${pt(lanePoint(-1, 0.4, 0))}L${pt(lanePoint(-1, 0.18, 0))}Z" fill="#fff1cf" fill-opacity=".25"/>`;
  g += vig.body;
  return svgDoc(W, H, defs, g);
}

/** A wall of the Majorelle Garden: the blue, yellow pots, cacti and the shadows of palms. */
function gardenScene(scene: SceneArtwork, pal: string[], motif: Motif): string {
  const W = 1000;
  const H = 1250;
  const p = 'm';
  const blue = at(pal, 0);
  const yellow = at(pal, 1);
  const green = at(pal, 2);
  const r = makeRng(`garden|${scene.seed}`);
  let defs = `<linearGradient id="${p}wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(blue, 0.1)}"/><stop offset="1" stop-color="${lighten(blue, 0.06)}"/></linearGradient>`;
  defs += patternDef(`${p}grille`, motif, 50, {
    ground: darken(blue, 0.45),
    a: yellow,
    b: darken(blue, 0.2),
    c: yellow,
    grout: darken(blue, 0.6),
    groutW: 2,
    alpha: 1,
  });
  defs += `<linearGradient id="${p}path" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d9a877"/><stop offset="1" stop-color="#b07a4e"/></linearGradient>`;
  defs += `<linearGradient id="${p}pot" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".2"/><stop offset=".4" stop-color="#fff" stop-opacity=".2"/><stop offset="1" stop-color="#000" stop-opacity=".3"/></linearGradient>`;
  const vig = vignette(`${p}vig`, 0, 0, W, H, 0.25);
  defs += vig.defs;
  let g = `<rect width="${W}" height="1000" fill="url(#${p}wall)"/>`;
  // A yellow cornice and a tall window with a carved grille, framed in yellow.
  g += `<rect width="${W}" height="46" fill="${yellow}"/><rect y="46" width="${W}" height="8" fill="${darken(yellow, 0.3)}"/>`;
  g += `<path d="${archPath(500, 330, 130, 800, 'pointed')}" fill="${yellow}" transform="translate(0 0) scale(1)"/>`;
  g += `<path d="${archPath(500, 340, 108, 790, 'pointed')}" fill="url(#${p}grille)"/>`;
  g += `<rect x="360" y="790" width="280" height="22" fill="${darken(yellow, 0.15)}"/>`;
  // Palm fronds' shadows fall across the wall.
  let shade = '';
  for (let i = 0; i < 9; i++) {
    const a = -0.2 + i * 0.34 + r.range(-0.08, 0.08);
    const len = r.range(260, 380);
    const x1 = 40 + Math.cos(a) * len;
    const y1 = 60 + Math.sin(a) * len;
    shade += `<path d="M40 60Q${f(40 + Math.cos(a - 0.25) * len * 0.6)} ${f(60 + Math.sin(a - 0.25) * len * 0.6)} ${f(x1)} ${f(y1)}Q${f(40 + Math.cos(a + 0.25) * len * 0.6)} ${f(60 + Math.sin(a + 0.25) * len * 0.6)} 40 60Z"/>`;
  }
  g += `<g fill="#000" fill-opacity=".16">${shade}</g>`;
  g += `<g fill="#000" fill-opacity=".12" transform="translate(1000 200) scale(-1 1)">${shade}</g>`;
  g += `<rect y="1000" width="${W}" height="250" fill="url(#${p}path)"/><rect y="1000" width="${W}" height="10" fill="#000" fill-opacity=".2"/>`;
  // Pots: yellow and blue, with cacti standing in them.
  const pots = [
    { x: 170, w: 150, h: 170, c: yellow, cactus: 420 },
    { x: 820, w: 170, h: 190, c: yellow, cactus: 360 },
    { x: 560, w: 110, h: 120, c: darken(blue, 0.15), cactus: 160 },
  ];
  for (const pot of pots) {
    const base = 1130;
    const top = base - pot.h;
    const cx = pot.x;
    const arm = pot.cactus * 0.45;
    g += `<ellipse cx="${cx}" cy="${base + 6}" rx="${f(pot.w * 0.6)}" ry="16" fill="#000" fill-opacity=".25"/>`;
    g += `<rect x="${f(cx - pot.w * 0.2)}" y="${f(top - pot.cactus)}" width="${f(pot.w * 0.4)}" height="${f(pot.cactus + 20)}" rx="${f(pot.w * 0.2)}" fill="${green}"/>`;
    g += `<path d="M${f(cx - pot.w * 0.18)} ${f(top - arm * 0.6)}L${f(cx - pot.w * 0.5)} ${f(top - arm * 0.6)}L${f(cx - pot.w * 0.5)} ${f(top - arm * 1.4)}" fill="none" stroke="${green}" stroke-width="${f(pot.w * 0.2)}" stroke-linecap="round" stroke-linejoin="round"/>`;
    g += `<path d="M${f(cx + pot.w * 0.18)} ${f(top - arm)}L${f(cx + pot.w * 0.45)} ${f(top - arm)}L${f(cx + pot.w * 0.45)} ${f(top - arm * 1.7)}" fill="none" stroke="${green}" stroke-width="${f(pot.w * 0.17)}" stroke-linecap="round" stroke-linejoin="round"/>`;
    g += `<path d="M${f(cx)} ${f(top - pot.cactus + 10)}L${f(cx)} ${f(top)}" stroke="${darken(green, 0.35)}" stroke-width="3"/>`;
    const pd = `M${f(cx - pot.w / 2)} ${f(top)}L${f(cx + pot.w / 2)} ${f(top)}L${f(cx + pot.w * 0.38)} ${base}L${f(cx - pot.w * 0.38)} ${base}Z`;
    g += `<path d="${pd}" fill="${pot.c}"/><path d="${pd}" fill="url(#${p}pot)"/><rect x="${f(cx - pot.w * 0.54)}" y="${f(top - 12)}" width="${f(pot.w * 1.08)}" height="18" fill="${darken(pot.c, 0.12)}"/>`;
  }
  g += vig.body;
  return svgDoc(W, H, defs, g);
}

/** A stall of the fabric souk: bolts of velvet and brocade standing on shelves, lengths hanging from a rod. */
function soukScene(scene: SceneArtwork, pal: string[], motif: Motif): string {
  const W = 1000;
  const H = 1250;
  const p = 'k';
  const r = makeRng(`souk|${scene.seed}`);
  let defs = `<linearGradient id="${p}back" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a1a10"/><stop offset="1" stop-color="#4a2f1d"/></linearGradient>`;
  // One cylinder shading for every bolt: lit from the left, the velvet's sheen a brighter band.
  defs += `<linearGradient id="${p}cyl" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".45"/><stop offset=".3" stop-color="#fff" stop-opacity=".28"/><stop offset=".55" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".5"/></linearGradient>`;
  defs += patternDef(`${p}broc`, motif, 30, {
    ground: null,
    a: '#e6c27a',
    b: '#b8893d',
    c: '#fff1c4',
    grout: null,
    groutW: 0,
    alpha: 0.7,
  });
  defs += lanternDefs(p);
  defs += foldGradient(`${p}fd`, '#000000', 0.45) + foldGradient(`${p}fl`, '#ffffff', 0.25);
  const vig = vignette(`${p}vig`, 0, 0, W, H, 0.35);
  defs += vig.defs;
  let g = `<rect width="${W}" height="${H}" fill="url(#${p}back)"/>`;
  const colors = [...pal, lighten(at(pal, 0), 0.3), darken(at(pal, 1), 0.1)];
  const shelves = [430, 760];
  for (const sy of shelves) {
    let x = 40;
    let i = 0;
    while (x < 940) {
      const w = r.range(56, 78);
      const h = r.range(220, 290);
      const c = at(colors, (i + Math.floor(sy / 100)) % colors.length);
      const brocade = r.chance(0.45);
      g += `<rect x="${f(x)}" y="${f(sy - h)}" width="${f(w)}" height="${f(h)}" rx="6" fill="${c}"/>`;
      if (brocade)
        g += `<rect x="${f(x)}" y="${f(sy - h)}" width="${f(w)}" height="${f(h)}" rx="6" fill="url(#${p}broc)"/>`;
      g += `<rect x="${f(x)}" y="${f(sy - h)}" width="${f(w)}" height="${f(h)}" rx="6" fill="url(#${p}cyl)"/>`;
      g += `<ellipse cx="${f(x + w / 2)}" cy="${f(sy - h)}" rx="${f(w / 2)}" ry="7" fill="${lighten(c, 0.2)}"/><ellipse cx="${f(x + w / 2)}" cy="${f(sy - h)}" rx="6" ry="2.5" fill="#1a100a"/>`;
      x += w + r.range(4, 12);
      i++;
    }
    g += `<rect x="0" y="${sy}" width="${W}" height="26" fill="#6b4428"/><rect x="0" y="${sy + 26}" width="${W}" height="12" fill="#000" fill-opacity=".35"/>`;
  }
  // Lengths of cloth hang from a rod across the front of the stall.
  g += `<rect x="0" y="70" width="${W}" height="12" fill="#8a6a3a"/>`;
  for (const [x0, w, ci, brocade] of [
    [30, 170, 0, true],
    [800, 170, 1, false],
  ] as const) {
    const c = at(pal, ci);
    const d = `M${x0} 82L${x0 + w} 82L${x0 + w + 14} 1060Q${x0 + w / 2} 1085 ${x0 - 14} 1060Z`;
    g += `<path d="${d}" fill="${c}"/>`;
    if (brocade) g += `<path d="${d}" fill="url(#${p}broc)"/>`;
    for (let k = 0; k < 4; k++) {
      const fx = x0 + (w * (k + 0.5)) / 4;
      g += `<path d="M${f(fx - 14)} 82L${f(fx + 14)} 82L${f(fx + 26)} 1066L${f(fx - 26)} 1066Z" fill="url(#${p}${k % 2 ? 'fl' : 'fd'})"/>`;
    }
  }
  // The counter, with folded cloth stacked on it.
  g += `<rect y="1060" width="${W}" height="190" fill="#5a3a22"/><rect y="1060" width="${W}" height="10" fill="#8a6038"/>`;
  let y = 1060;
  [at(pal, 1), at(pal, 3 % pal.length), at(pal, 0), at(pal, 2)].forEach((c, i) => {
    const h = 26;
    y -= h;
    g += `<rect x="${360 + i * 6}" y="${y}" width="${280 - i * 12}" height="${h}" rx="5" fill="${c}"/><rect x="${360 + i * 6}" y="${y}" width="${280 - i * 12}" height="${h}" rx="5" fill="#000" fill-opacity=".12"/>`;
  });
  g += lantern(p, 500, 200, 0.9);
  g += vig.body;
  return svgDoc(W, H, defs, g);
}

/**
 * A 4:5 gallery picture (viewBox 0 0 1000 1250) of what its caption says: the subject picks the drawing,
 * the palette and motif colour it, the seed varies the details.
 */
export function gallerySvg(scene: SceneArtwork): string {
  const motif = checkMotif(scene.motif);
  const pal = scenePalette(scene.palette);
  switch (scene.subject) {
    case 'fountain':
      return riadScene(scene, pal, motif, { mood: 'day', fountain: true, curtain: true });
    case 'bride':
      return brideScene(scene, pal, motif);
    case 'family':
      return familyScene(scene, pal, motif);
    case 'trim':
      return trimScene(scene, pal, motif);
    case 'atelier':
      return atelierScene(scene, pal, motif);
    case 'lane':
      return laneScene(scene, pal);
    case 'garden':
      return gardenScene(scene, pal, motif);
    case 'souk':
      return soukScene(scene, pal, motif);
    default:
      throw new Error(`unknown scene subject: ${JSON.stringify(String(scene.subject).slice(0, 32))}`);
  }
}

interface Look {
  colors: string[];
  accent: string;
  motif: Motif;
  seed: string;
}

const CAFTAN_LOOKS: readonly Look[] = [
  { colors: ['#0f5c4a', '#1d7a62', '#c9a646'], accent: '#d4af37', motif: 'star8', seed: 'tile-emerald' },
  { colors: ['#6e1423', '#8f2a3a'], accent: '#d9b25f', motif: 'rosette', seed: 'tile-bordeaux' },
  { colors: ['#16204a', '#2a3a7a', '#c7ccd8'], accent: '#c9ced8', motif: 'lattice', seed: 'tile-midnight' },
];
const JELLABA_LOOKS: readonly Look[] = [
  { colors: ['#efe6d2', '#d9c7a3'], accent: '#c9a24a', motif: 'lattice', seed: 'tile-ivory' },
  { colors: ['#1b1b1f', '#2e2e36'], accent: '#c0c4cc', motif: 'chevron', seed: 'tile-black' },
  { colors: ['#d99a2b', '#b87716'], accent: '#6b3a12', motif: 'floral', seed: 'tile-saffron' },
];

/** Places a 900x1200 garment layer centred at x with its hem on floorY. */
function placedGarment(
  look: Look,
  kind: GarmentKind,
  p: string,
  x: number,
  floorY: number,
  scale: number,
  light: 'left' | 'right' = 'left',
): { defs: string; body: string } {
  const g = garmentLayer({ kind, ...look }, p, { view: 0, light });
  const cast = `<ellipse cx="${f(x)}" cy="${f(floorY)}" rx="${f(260 * scale)}" ry="${f(30 * scale)}" fill="url(#${p}cast)"/>`;
  return {
    defs: g.defs + radial(`${p}cast`, '#000000', 0.45),
    body: `${cast}<g transform="translate(${f(x - 450 * scale)} ${f(floorY - 1125 * scale)}) scale(${Math.round(scale * 1000) / 1000})">${g.body}</g>`,
  };
}

/** Wide tile (viewBox 0 0 1600 1000): three garments of one kind in arched niches on a zellige wall. */
export function collectionTileSvg(kind: 'caftan' | 'jellaba'): string {
  if (kind !== 'caftan' && kind !== 'jellaba') throw new Error('kind must be caftan or jellaba');
  const W = 1600;
  const H = 1000;
  const looks = kind === 'caftan' ? CAFTAN_LOOKS : JELLABA_LOOKS;
  const pal =
    kind === 'caftan'
      ? ['#0f5c4a', '#f1e7d3', '#b8893d', '#1c2f5a']
      : ['#1c2f5a', '#efe6d2', '#b8893d', '#7a2f2a'];
  const motif: Motif = kind === 'caftan' ? 'star8' : 'lattice';
  const p = 'c';
  let defs = patternDef(`${p}wallz`, motif, 92, zelligeInk(pal));
  defs += `<linearGradient id="${p}wallsh" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1a120a" stop-opacity=".55"/><stop offset=".6" stop-color="#1a120a" stop-opacity=".25"/><stop offset="1" stop-color="#1a120a" stop-opacity=".5"/></linearGradient>`;
  defs += `<linearGradient id="${p}niche" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d9c6a5"/><stop offset=".5" stop-color="#f3e8d4"/><stop offset="1" stop-color="#e2d2b5"/></linearGradient>`;
  defs += lanternDefs(p);
  const vig = vignette(`${p}vig`, 0, 0, W, H, 0.3);
  defs += vig.defs;
  let g = `<rect width="${W}" height="${H}" fill="url(#${p}wallz)"/><rect width="${W}" height="${H}" fill="url(#${p}wallsh)"/>`;
  const xs = [300, 800, 1300];
  xs.forEach((x, i) => {
    const niche = `<rect x="${x - 240}" y="0" width="480" height="${H}" fill="url(#${p}niche)"/><ellipse cx="${x}" cy="380" rx="230" ry="320" fill="#fff" fill-opacity=".25"/>`;
    g += archOpening(`${p}${i}`, x, 340, 195, 940, 'horseshoe', niche, {
      pal,
      motif,
      plaster: '#e9d9bd',
      alfiz: false,
      unit: 1,
    });
  });
  g += `<rect y="930" width="${W}" height="70" fill="#7d5438"/><rect y="930" width="${W}" height="8" fill="#000" fill-opacity=".25"/>`;
  xs.forEach((x, i) => {
    // The caftan collection holds its takchitas too: the middle niche shows one.
    const drawn: GarmentKind = kind === 'caftan' && i === 1 ? 'takchita' : kind;
    const gm = placedGarment(at(looks, i), drawn, `${p}g${i}`, x, 925, 0.6, i === 2 ? 'right' : 'left');
    defs += gm.defs;
    g += gm.body;
  });
  for (const x of [550, 1050]) g += lantern(p, x, 210, 0.9);
  g += vig.body;
  return svgDoc(W, H, defs, g);
}

/** Wide hero banner (viewBox 0 0 2400 1000): an arcade at dusk; the left third stays calm for text. */
export function bannerSvg(): string {
  const W = 2400;
  const H = 1000;
  const pal = ['#0f5c4a', '#f1e7d3', '#b8893d', '#16204a'];
  const p = 'n';
  let defs = lanternDefs(p);
  defs += `<linearGradient id="${p}calm" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#1a120b" stop-opacity=".72"/><stop offset=".38" stop-color="#1a120b" stop-opacity=".35"/><stop offset=".6" stop-color="#1a120b" stop-opacity="0"/></linearGradient>`;
  const vig = vignette(`${p}vig`, 0, 0, W, H, 0.3);
  defs += vig.defs;
  // Rasterised at 1600 px for 2400 units: 3 units make 2 whole pixels.
  const unit = 3;
  let g = riadWall(p, { W, H, pal, motif: 'star8', plaster: '#ecdcc0', dadoTop: 760, floorTop: 900, unit });
  const arches = [300, 780, 1260, 1740, 2220];
  arches.forEach((x, i) => {
    const inner = courtyardView(`${p}${i}`, x, 150, 900, 185, 'dusk', pal, 'star8', unit);
    g += archOpening(`${p}${i}`, x, 430, 185, 900, 'horseshoe', inner, {
      pal,
      motif: 'star8',
      plaster: '#ecdcc0',
      alfiz: false,
      unit,
    });
  });
  const caftan = placedGarment(at(CAFTAN_LOOKS, 0), 'caftan', `${p}g0`, 1260, 905, 0.54);
  const caftan2 = placedGarment(at(CAFTAN_LOOKS, 1), 'caftan', `${p}g2`, 2220, 905, 0.54, 'right');
  const jellaba = placedGarment(at(JELLABA_LOOKS, 0), 'jellaba', `${p}g1`, 1740, 905, 0.56, 'right');
  defs += caftan.defs + jellaba.defs + caftan2.defs;
  g += caftan.body + jellaba.body + caftan2.body;
  for (const [x, y] of [
    [1020, 230],
    [1500, 280],
    [1980, 230],
  ] as const)
    g += lantern(p, x, y, 1);
  g += `<rect width="${W}" height="${H}" fill="url(#${p}calm)"/>${vig.body}`;
  return svgDoc(W, H, defs, g);
}

/**
 * One frame of the looping hero video. `phase` in [0, 1): every moving part is a
 * periodic function of it, so phase 1 equals phase 0 and the loop is seamless.
 * The zellige drifts by exactly one tile per loop.
 */
export function heroFrameSvg(format: 'desktop' | 'mobile', phase: number): string {
  if (!Number.isFinite(phase)) throw new Error('phase must be a finite number');
  const t = phase - Math.floor(phase);
  const W = format === 'desktop' ? 1280 : 720;
  const H = format === 'desktop' ? 720 : 1280;
  const tileSize = 160;
  const pal = ['#0d3a32', '#11443a', '#5a4720', '#08211c'];
  const p = 'h';
  const ang = 2 * Math.PI * t;
  let defs = patternDef(
    `${p}z`,
    'star8',
    tileSize,
    {
      ground: at(pal, 3),
      a: at(pal, 0),
      b: at(pal, 1),
      c: at(pal, 2),
      grout: '#17453b',
      groutW: 1.6,
      alpha: 1,
    },
    `translate(${f(t * tileSize)} ${f(t * tileSize)})`,
  );
  const gx = W * (format === 'desktop' ? 0.62 : 0.5) + Math.cos(ang) * W * 0.06;
  const gy = H * 0.38 + Math.sin(ang) * H * 0.04;
  defs +=
    `<radialGradient id="${p}warm" gradientUnits="userSpaceOnUse" cx="${f(gx)}" cy="${f(gy)}" r="${f(Math.max(W, H) * 0.62)}">` +
    `<stop offset="0" stop-color="#ffc873" stop-opacity=".42"/><stop offset=".5" stop-color="#d98b3a" stop-opacity=".14"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`;
  defs += `<radialGradient id="${p}vig" cx=".5" cy=".5" r=".75"><stop offset=".45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".6"/></radialGradient>`;
  if (format === 'desktop') {
    defs += `<linearGradient id="${p}text" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#04100d" stop-opacity=".7"/><stop offset=".5" stop-color="#04100d" stop-opacity="0"/></linearGradient>`;
  } else {
    defs += `<linearGradient id="${p}text" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#04100d" stop-opacity=".65"/><stop offset=".35" stop-color="#04100d" stop-opacity="0"/></linearGradient>`;
  }
  const gm = garmentLayer(
    {
      kind: 'caftan',
      colors: ['#f2ead8', '#e4d4b0', '#0f5c4a'],
      accent: '#c9a24a',
      motif: 'star8',
      seed: 'hero-ivory',
    },
    `${p}g`,
    { view: 0, light: 'left' },
  );
  defs += gm.defs + `<clipPath id="${p}gsil">${gm.outline}</clipPath>`;
  // A band of sheen sweeps across the cloth and returns, like light through a moving screen.
  const sx = 450 + Math.sin(ang) * 260;
  defs += `<linearGradient id="${p}sheen" gradientUnits="userSpaceOnUse" x1="${f(sx - 160)}" y1="0" x2="${f(sx + 160)}" y2="260"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset=".5" stop-color="#ffe2a8" stop-opacity=".16"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`;
  const scale = format === 'desktop' ? 0.6 : 0.74;
  const cx = format === 'desktop' ? W * 0.7 : W * 0.5;
  const floorY = format === 'desktop' ? H * 0.97 : H * 0.95;
  const archHalf = 300 * scale * 1.05;
  const archSpring = floorY - 760 * scale;
  let g = `<rect width="${W}" height="${H}" fill="url(#${p}z)"/>`;
  g += `<path d="${archPath(cx, archSpring, archHalf, H, 'horseshoe')}" fill="#071a16" fill-opacity=".72"/>`;
  g += `<path d="${archPath(cx, archSpring, archHalf, H, 'horseshoe')}" fill="none" stroke="#b8893d" stroke-opacity=".55" stroke-width="3"/>`;
  g += `<rect width="${W}" height="${H}" fill="url(#${p}warm)"/>`;
  g += `<ellipse cx="${f(cx)}" cy="${f(floorY)}" rx="${f(250 * scale)}" ry="${f(26 * scale)}" fill="#000" fill-opacity=".45"/>`;
  g += `<g transform="translate(${f(cx - 450 * scale)} ${f(floorY - 1125 * scale)}) scale(${scale})">${gm.body}<g clip-path="url(#${p}gsil)"><rect width="900" height="1200" fill="url(#${p}sheen)"/></g></g>`;
  g += `<rect width="${W}" height="${H}" fill="url(#${p}text)"/><rect width="${W}" height="${H}" fill="url(#${p}vig)"/>`;
  return svgDoc(W, H, defs, g);
}
