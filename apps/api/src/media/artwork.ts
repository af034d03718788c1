/**
 * Deterministic SVG artwork: the pictures every shop has before its owner uploads any (the home page's
 * banner, the collection tiles, the frames of the hero video), and the drawing kit they are made of
 * (garments, zellige, arches, lanterns), which the demo catalogue's product shots and gallery scenes reuse
 * (packages/demo). Rasterised elsewhere (render.ts). Everything is a pure function of its input: the same
 * input always gets the same picture, which keeps rendered files cacheable and tests meaningful.
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
  /** how the piece is cut and made; without it, the house caftan, takchita or jellaba of the site's artwork */
  style?: GarmentStyle;
}

export const CUTS = ['straight', 'a-line', 'fitted', 'kimono'] as const;
export const SLEEVES = ['bell', 'straight', 'three-quarter', 'cuffed'] as const;
export const NECKLINES = ['round', 'v', 'mandarin', 'slit'] as const;
/** the trim the piece is known by: a braided sfifa, a row of aakad buttons, or a mdamma belt with its buckle */
export const TRIMS = ['sfifa', 'aakad', 'mdamma'] as const;
/** where the embroidery sits (all-over: scattered over the whole cloth) */
export const EMBROIDERIES = ['chest', 'hem', 'sleeves', 'all-over'] as const;
export const TEXTURES = ['velvet', 'brocade', 'linen', 'silk'] as const;

/**
 * What tells one piece from another at a glance: its cut (a kimono cut has wide sleeves cut in one with the
 * body), its sleeves, neckline, trim, where its embroidery sits and what its cloth looks like; a jellaba's hood
 * and length. A takchita keeps its dfina whatever its cut.
 */
export interface GarmentStyle {
  cut: (typeof CUTS)[number];
  sleeve: (typeof SLEEVES)[number];
  neckline: (typeof NECKLINES)[number];
  trim: (typeof TRIMS)[number];
  embroidery: (typeof EMBROIDERIES)[number];
  texture: (typeof TEXTURES)[number];
  /** a jellaba's qob; a dress has none */
  hood: boolean;
  /** a jellaba to the floor, or cut to mid-calf */
  length: 'long' | 'short';
}

function checkStyle(st: GarmentStyle): GarmentStyle {
  const one = <T extends string>(list: readonly T[], v: T, what: string): void => {
    if (!list.includes(v)) throw new Error(`${what} must be one of ${list.join(', ')}`);
  };
  one(CUTS, st.cut, 'cut');
  one(SLEEVES, st.sleeve, 'sleeve');
  one(NECKLINES, st.neckline, 'neckline');
  one(TRIMS, st.trim, 'trim');
  one(EMBROIDERIES, st.embroidery, 'embroidery');
  one(TEXTURES, st.texture, 'texture');
  one(['long', 'short'], st.length, 'length');
  return st;
}

const MOTIFS: readonly Motif[] = ['star8', 'rosette', 'lattice', 'chevron', 'floral'];
const WEAVES: readonly Weave[] = ['plain', 'striped', 'two-tone'];

// ---------------------------------------------------------------------------
// numbers, colours, randomness

/** One decimal is plenty at these scales and keeps the markup small. */
export function f(x: number): string {
  const r = Math.round(x * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}

export function at<T>(list: readonly T[], i: number): T {
  const v = list[i];
  if (v === undefined) throw new RangeError(`index ${i} out of range`);
  return v;
}

const HEX_RE = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** Validates and normalises to #rrggbb; the only way a colour reaches the markup. */
export function hex(c: string): string {
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

export function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

export const lighten = (c: string, t: number): string => mix(c, '#ffffff', t);
export const darken = (c: string, t: number): string => mix(c, '#000000', t);

/** Perceived lightness 0..1; used to keep contrast readable on very dark or very light fabric. */
export function lum(c: string): number {
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
export function makeRng(seed: string): Rng {
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

export function checkMotif(m: Motif): Motif {
  if (!MOTIFS.includes(m)) throw new Error(`unknown motif: ${JSON.stringify(String(m).slice(0, 32))}`);
  return m;
}

export function checkPalette(list: readonly string[], what: string): string[] {
  if (!Array.isArray(list) || list.length < 1 || list.length > 4) {
    throw new Error(`${what} must hold 1 to 4 hex colours`);
  }
  return list.map(hex);
}

// ---------------------------------------------------------------------------
// geometry helpers

export type P = readonly [number, number];

export function pt([x, y]: P): string {
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

export type ArchStyle = 'horseshoe' | 'pointed' | 'lobed';

/** Closed outline of a Moorish arch opening, from the floor line up and back down. */
export function archPath(cx: number, spring: number, half: number, bottom: number, style: ArchStyle): string {
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

export function patternDef(id: string, m: Motif, size: number, ink: TileInk, transform = ''): string {
  const t = transform ? ` patternTransform="${transform}"` : '';
  return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${f(size)}" height="${f(size)}" viewBox="0 0 100 100"${t}>${motifTile(m, ink)}</pattern>`;
}

/** A zellige ink from a palette: glazed colours set in pale grout, as on a riad wall. */
export function zelligeInk(pal: readonly string[], grout = '#f4ecdc'): TileInk {
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
export function foldGradient(id: string, color: string, alpha: number): string {
  return (
    `<radialGradient id="${id}" cx=".5" cy="1" r="1" gradientTransform="matrix(.5 0 0 1 .25 0)"><stop offset="0" stop-color="${color}" stop-opacity="${alpha}"/>` +
    `<stop offset=".55" stop-color="${color}" stop-opacity="${Math.round(alpha * 45) / 100}"/>` +
    `<stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`
  );
}

/** Soft round glow or shadow; kept to small areas (see the performance notes). */
export function radial(id: string, color: string, alpha: number): string {
  return (
    `<radialGradient id="${id}">` +
    `<stop offset="0" stop-color="${color}" stop-opacity="${alpha}"/><stop offset=".55" stop-color="${color}" stop-opacity="${Math.round(alpha * 35) / 100}"/>` +
    `<stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`
  );
}

/** Edge darkening from two linear ramps; a full-frame radial gradient costs librsvg ~4x more. */
export function vignette(
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
export function snap(size: number, unit: number): number {
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
  /** a cuffed sleeve's band (left sleeve; the right is its mirror) */
  cuff: string | null;
  /** a mandarin's standing collar */
  collar: string | null;
  /** a slit neckline's opening below the neck */
  slit: string | null;
  /** the chest piece embroidered on the front (a plastron) */
  chest: string;
}

/** A sleeve's outline, its open edge and its folds; x shifts it for the jellaba's lower shoulder. */
interface SleeveCut {
  sleeve: string;
  sleeveEdge: string;
  sleeveFolds: Fold[];
  cuff: string | null;
}

function sleeveCut(st: GarmentStyle, sw: number, dx: number): SleeveCut {
  const x = (n: number): string => f(n + dx);
  const top = `M${x(322)} 194`;
  const back = `${x(350)} 432 ${x(356)} 338C${x(352)} 270 ${x(342)} 216 ${x(322)} 194Z`;
  // Three folds fan from the shoulder to the open edge: where along it they land, how wide, how far below it.
  const folds = (outer: number, inner: number, y: number): Fold[] =>
    (
      [
        [300, 300, 0.22, 0.34, 8],
        [318, 340, 0.55, 0.26, 10],
        [336, 420, 0.85, 0.16, 10],
      ] as const
    ).map(([x0, y0, along, wide, below], i) => ({
      x: x0 + dx,
      y0,
      x1: outer + (inner - outer) * along,
      y1: y + below,
      w1: (inner - outer) * wide,
      light: i === 1,
    }));
  if (st.cut === 'kimono') {
    // Cut in one with the body: a broad square sleeve hanging from a dropped shoulder.
    const edge = `M${x(112 - sw)} 612C${x(180)} 626 ${x(262)} 628 ${x(346)} 610`;
    return {
      sleeve: `M${x(318)} 197C${x(250)} 212 ${x(168)} 236 ${x(128 - sw * 0.5)} 262L${x(112 - sw)} 612C${x(180)} 626 ${x(262)} 628 ${x(346)} 610C${x(350)} 520 ${back}`,
      sleeveEdge: edge,
      sleeveFolds: folds(112 + dx, 346 + dx, 622),
      cuff: null,
    };
  }
  switch (st.sleeve) {
    case 'bell': {
      const o = `${x(126 - sw)} 646`;
      const edge = `M${o}C${x(166 - sw)} 678 ${x(266)} 712 ${x(332)} 690`;
      return {
        sleeve: `${top}C${x(276)} 214 ${x(196 - sw * 0.5)} 420 ${o}C${x(166 - sw)} 678 ${x(266)} 712 ${x(332)} 690C${x(338)} 560 ${back}`,
        sleeveEdge: edge,
        sleeveFolds: folds(126 + dx, 332 + dx, 700),
        cuff: null,
      };
    }
    case 'three-quarter': {
      const edge = `M${x(244)} 548C${x(270)} 562 ${x(306)} 564 ${x(340)} 552`;
      return {
        sleeve: `${top}C${x(290)} 210 ${x(262)} 280 ${x(254)} 380L${x(244)} 548C${x(270)} 562 ${x(306)} 564 ${x(340)} 552C${x(346)} 470 ${back}`,
        sleeveEdge: edge,
        sleeveFolds: folds(244 + dx, 340 + dx, 556),
        cuff: null,
      };
    }
    case 'straight':
    case 'cuffed': {
      // Straight, narrowing to the wrist; a cuffed one ends in a band of its own.
      const edge = `M${x(236)} 664C${x(262)} 678 ${x(302)} 682 ${x(336)} 674`;
      return {
        sleeve: `${top}C${x(290)} 210 ${x(262)} 280 ${x(252)} 380L${x(236)} 664C${x(262)} 678 ${x(302)} 682 ${x(336)} 674C${x(340)} 560 ${back}`,
        sleeveEdge: edge,
        sleeveFolds: folds(236 + dx, 336 + dx, 676),
        cuff:
          st.sleeve === 'cuffed'
            ? `M${x(239)} 602C${x(266)} 614 ${x(304)} 616 ${x(338)} 608L${x(336)} 674C${x(302)} 682 ${x(262)} 678 ${x(236)} 664Z`
            : null,
      };
    }
  }
}

/** The neckline's opening, its trims, a collar or slit, and where the closure starts below it. */
function neckCut(
  st: GarmentStyle,
  nx: number,
  ny: number,
  top: number,
): Pick<Geometry, 'neckInner' | 'neckTrims' | 'collar' | 'slit'> & { closure: number } {
  const mx = 900 - nx;
  const rim = `M${nx} ${ny}Q${nx + 20} ${top} 450 ${top}Q${mx - 20} ${top} ${mx} ${ny}`;
  switch (st.neckline) {
    case 'v':
      return {
        neckInner: `${rim}L450 318Z`,
        neckTrims: [`M${nx} ${ny}L450 318L${mx} ${ny}`],
        collar: null,
        slit: null,
        closure: 320,
      };
    case 'mandarin':
      return {
        neckInner: null,
        neckTrims: [
          `M${nx + 2} ${ny - 34}Q450 ${top - 36} ${mx - 2} ${ny - 34}`,
          `M450 ${top - 30}L450 ${ny + 6}`,
        ],
        collar: `M${nx + 4} ${ny + 4}L${nx + 2} ${ny - 34}Q450 ${top - 36} ${mx - 2} ${ny - 34}L${mx - 4} ${ny + 4}Q450 ${top + 4} ${nx + 4} ${ny + 4}Z`,
        slit: null,
        closure: top + 12,
      };
    case 'slit':
      return {
        neckInner: `M${nx + 12} ${ny - 2}Q450 ${top - 6} ${mx - 12} ${ny - 2}C${mx - 16} ${ny + 16} ${mx - 30} ${ny + 24} 450 ${ny + 25}C${nx + 30} ${ny + 24} ${nx + 16} ${ny + 16} ${nx + 12} ${ny - 2}Z`,
        neckTrims: [
          `M${nx + 12} ${ny - 2}C${nx + 16} ${ny + 16} ${nx + 30} ${ny + 24} 450 ${ny + 25}C${mx - 30} ${ny + 24} ${mx - 16} ${ny + 16} ${mx - 12} ${ny - 2}`,
          `M441 ${ny + 25}L450 300L459 ${ny + 25}`,
        ],
        collar: null,
        slit: `M441 ${ny + 25}L450 300L459 ${ny + 25}Z`,
        closure: 300,
      };
    case 'round':
      return {
        neckInner: `${rim}C${mx - 4} ${ny + 32} ${mx - 24} ${ny + 50} 450 ${ny + 51}C${nx + 24} ${ny + 50} ${nx + 4} ${ny + 32} ${nx} ${ny}Z`,
        neckTrims: [
          `M${nx} ${ny}C${nx + 4} ${ny + 32} ${nx + 24} ${ny + 50} 450 ${ny + 51}C${mx - 24} ${ny + 50} ${mx - 4} ${ny + 32} ${mx} ${ny}`,
        ],
        collar: null,
        slit: null,
        closure: ny + 53,
      };
  }
}

/** How wide the hem falls for a cut, and how far the waist comes in (fitted). */
function cutHem(st: GarmentStyle | null, v: Variation, jellaba: boolean): { hemHalf: number; waist: number } {
  if (!st) return { hemHalf: jellaba ? 178 + v.flare * 22 : 232 + v.flare * 40, waist: 0 };
  const base = jellaba ? 172 : 200;
  switch (st.cut) {
    case 'a-line':
      return { hemHalf: base + 70 + v.flare * 26, waist: 0 };
    case 'fitted':
      return { hemHalf: base + 8 + v.flare * 10, waist: jellaba ? 18 : 24 };
    case 'kimono':
      return { hemHalf: base + 24 + v.flare * 12, waist: 0 };
    case 'straight':
      return { hemHalf: base + v.flare * 12, waist: 0 };
  }
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
    belt:
      art.kind === 'takchita' ||
      (art.kind === 'caftan' && (art.belt === true || art.style?.trim === 'mdamma')),
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

function caftanGeometry(v: Variation, back: boolean, takchita: boolean, st: GarmentStyle | null): Geometry {
  const hemY = 1092;
  const { hemHalf, waist } = cutHem(st, v, false);
  const neckTop: P = back ? [450, 186] : [450, 162];
  const half: Seg[] = [
    { c: 'Q', c1: back ? [426, 184] : [424, 162], p: [404, 172] },
    { c: 'Q', c1: [362, 180], p: [318, 197] },
    { c: 'C', c1: [338, 240], c2: [352, 290], p: [356, 336] },
    { c: 'C', c1: [360, 400], c2: [362 + waist * 0.6, 450], p: [362 + waist, 492] },
    {
      c: 'C',
      c1: [362 + waist, 600],
      c2: [450 - hemHalf * (st ? (waist ? 0.8 : 0.9) : 0.62), 820],
      p: [450 - hemHalf, hemY],
    },
    ...hemSegs(hemHalf, hemY, 26, v.wave),
  ];
  const body = symmetricPath(neckTop, half);
  const sw = v.sleeve * 14;
  const outerEnd: P = [126 - sw, 646];
  const innerEnd: P = [332, 690];
  const cut: SleeveCut = st
    ? sleeveCut(st, sw, 0)
    : {
        sleeve: `M322 194C276 214 ${f(196 - sw * 0.5)} 420 ${pt(outerEnd)}C${f(166 - sw)} 678 266 712 ${pt(innerEnd)}C338 560 350 432 356 338C352 270 342 216 322 194Z`,
        sleeveEdge: `M${pt(outerEnd)}C${f(166 - sw)} 678 266 712 ${pt(innerEnd)}`,
        sleeveFolds: [
          { x: 300, y0: 300, x1: 196, y1: 690, w1: 64, light: false },
          { x: 318, y0: 340, x1: 262, y1: 700, w1: 48, light: true },
          { x: 336, y0: 420, x1: 314, y1: 700, w1: 30, light: false },
        ],
        cuff: null,
      };
  const { sleeve, sleeveEdge, sleeveFolds, cuff } = cut;
  // Silk falls in many narrow folds, the rest in a few broad ones.
  const silk = st?.texture === 'silk';
  const bodyFolds = fanFolds(600, 74, hemY + 20, hemHalf * 0.95, silk ? 11 : 7, silk ? 70 : 110);
  const chest = 'M392 214L508 214L522 410Q450 446 378 410Z';
  // Same scalloped curve as the hem, walked from one side to the other.
  const hemTrim = symmetricPath([450 - hemHalf, hemY], hemSegs(hemHalf, hemY, 26, v.wave), 450, false);
  const shared = { body, sleeve, sleeveEdge, sleeveFolds, bodyFolds, hemTrim, cuff, chest };

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
      ...shared,
      belt,
      neckInner: null,
      neckTrims: ['M404 172Q426 184 450 186Q474 184 496 172'],
      frontTrim: null,
      buttons: [],
      hood: null,
      backSeam: `M450 190L450 ${hemY + 22}`,
      panel: null,
      over,
      collar: st?.neckline === 'mandarin' ? neckCut(st, 404, 172, 162).collar : null,
      slit: null,
    };
  }
  const neck = st ? neckCut(st, 404, 172, 162) : null;
  const first = neck ? neck.closure + 13 : 238;
  // Aakad buttons, when they are the piece's trim, are larger and set further apart.
  const step = st?.trim === 'aakad' ? 26 : 17;
  const buttons: P[] = [];
  const lastButton = v.belt ? beltY - 8 : 700;
  for (let y = first; y <= lastButton; y += step) buttons.push([450, y]);
  if (v.belt) for (let y = beltY + 80; y <= 720; y += step) buttons.push([450, y]);
  if (neck) {
    return {
      ...shared,
      belt,
      buttons,
      neckInner: neck.neckInner,
      neckTrims: neck.neckTrims,
      frontTrim: `M450 ${neck.closure}L450 ${hemY + 24}`,
      hood: null,
      backSeam: null,
      panel: null,
      over,
      collar: neck.collar,
      slit: neck.slit,
    };
  }
  return {
    ...shared,
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
    collar: null,
    slit: null,
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

function jellabaGeometry(v: Variation, back: boolean, st: GarmentStyle | null): Geometry {
  // A short jellaba stops at mid-calf, over trousers: the stand shows below it.
  const hemY = st?.length === 'short' ? 880 : 1100;
  const { hemHalf, waist } = cutHem(st, v, true);
  const neckTop: P = back ? [450, 178] : [450, 160];
  const half: Seg[] = [
    { c: 'Q', c1: back ? [430, 178] : [428, 160], p: [410, 176] },
    { c: 'Q', c1: [360, 186], p: [300, 210] },
    { c: 'C', c1: [320, 252], c2: [338, 300], p: [344, 342] },
    ...(waist
      ? ([
          { c: 'C', c1: [346, 400], c2: [344 + waist, 440], p: [344 + waist, 500] },
          { c: 'C', c1: [344 + waist, 620], c2: [450 - hemHalf, hemY - 200], p: [450 - hemHalf, hemY] },
        ] as Seg[])
      : ([
          { c: 'C', c1: [346, 520], c2: [450 - hemHalf * 0.9, hemY - 280], p: [450 - hemHalf, hemY] },
        ] as Seg[])),
    ...hemSegs(hemHalf, hemY, 16, v.wave * 0.6),
  ];
  const body = symmetricPath(neckTop, half);
  const sw = v.sleeve * 8;
  // Dropped, rounded shoulder: the jellaba's sleeve is cut straight and roomy.
  const { sleeve, sleeveEdge, sleeveFolds, cuff }: SleeveCut = st
    ? sleeveCut(st, sw, 16)
    : {
        sleeve: `M342 194C306 205 278 224 264 272C${f(246 - sw * 0.5)} 400 ${f(230 - sw)} 560 ${f(220 - sw)} 668C252 684 302 688 338 674C342 560 346 440 348 340C348 280 348 226 342 194Z`,
        sleeveEdge: `M${f(220 - sw)} 668C252 684 302 688 338 674`,
        sleeveFolds: [
          { x: 290, y0: 260, x1: 252, y1: 672, w1: 40, light: false },
          { x: 312, y0: 300, x1: 300, y1: 680, w1: 32, light: true },
        ],
        cuff: null,
      };
  const bodyFolds = fanFolds(480, 80, hemY + 12, hemHalf * 0.92, st?.texture === 'silk' ? 9 : 5, 96);
  const hemTrim = symmetricPath([450 - hemHalf, hemY], hemSegs(hemHalf, hemY, 16, v.wave * 0.6), 450, false);
  const hooded = st ? st.hood : true;
  const chest = 'M396 200L504 200L516 420Q450 452 384 420Z';
  const shared = { body, sleeve, sleeveEdge, sleeveFolds, bodyFolds, hemTrim, cuff, chest };
  if (back) {
    return {
      ...shared,
      belt: null,
      neckInner: null,
      neckTrims: [],
      frontTrim: null,
      buttons: [],
      hood: hooded
        ? {
            d: 'M396 176C372 260 404 420 450 540C496 420 528 260 504 176Q450 156 396 176Z',
            seam: 'M450 168C452 300 451 420 450 536',
            tip: [450, 540],
            rim: 'M396 176Q450 156 504 176',
          }
        : null,
      backSeam: hooded ? null : `M450 182L450 ${hemY + 14}`,
      panel: null,
      over: null,
      collar: !hooded && st?.neckline === 'mandarin' ? neckCut(st, 410, 176, 160).collar : null,
      slit: null,
    };
  }
  const hood = {
    // Worn down, the qob lies on the shoulders behind the neck: its point stands well above them and
    // its open face, lined, shows what it is even in a thumbnail.
    d: 'M350 214C338 150 392 86 450 46C508 86 562 150 550 214Q450 178 350 214Z',
    seam: 'M450 50C452 62 451 70 450 78',
    tip: [450, 46] as P,
    rim: 'M390 172C386 134 414 100 450 78C486 100 514 134 510 172',
  };
  if (st) {
    const neck = neckCut(st, 410, 176, 160);
    const step = st.trim === 'aakad' ? 26 : 20;
    const buttons: P[] = [];
    for (let y = neck.closure + 12; y <= Math.max(neck.closure + 130, 430); y += step) buttons.push([450, y]);
    return {
      ...shared,
      belt: null,
      neckInner: neck.neckInner,
      neckTrims: neck.neckTrims,
      frontTrim: `M450 ${neck.closure}L450 ${hemY + 16}`,
      buttons,
      hood: hooded ? hood : null,
      backSeam: null,
      panel: null,
      over: null,
      collar: neck.collar,
      slit: neck.slit,
    };
  }
  const buttons: P[] = [];
  for (let y = 308; y <= 430; y += 20) buttons.push([450, y]);
  return {
    ...shared,
    belt: null,
    neckInner: 'M410 176Q430 160 450 160Q470 160 490 176C484 222 462 268 450 296C438 268 416 222 410 176Z',
    neckTrims: ['M410 176C416 222 438 268 450 296C462 268 484 222 490 176'],
    frontTrim: `M450 296L450 ${hemY + 16}`,
    buttons,
    hood,
    backSeam: null,
    panel: null,
    over: null,
    collar: null,
    slit: null,
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
export function garmentLayer(
  art: GarmentArtwork,
  p: string,
  opts: GarmentOptions,
): { defs: string; body: string; outline: string } {
  const kind = art.kind;
  if (!GARMENT_KINDS.includes(kind)) throw new Error('kind must be caftan, takchita or jellaba');
  const weave = art.weave ?? 'plain';
  if (!WEAVES.includes(weave)) throw new Error('weave must be plain, striped or two-tone');
  const motif = checkMotif(art.motif);
  const st = art.style ? checkStyle(art.style) : null;
  // Caftans and takchitas share the dress's trims: broad sfifa in a pattern, larger buttons.
  const dress = kind !== 'jellaba';
  const ink = garmentInk(art);
  const v = variation(art);
  const back = opts.view === 2;
  const g =
    kind === 'jellaba' ? jellabaGeometry(v, back, st) : caftanGeometry(v, back, kind === 'takchita', st);
  const dark = lum(ink.fabric) < 0.12;
  const pale = lum(ink.fabric) > 0.75;

  const brocadeInk: TileInk = {
    ground: null,
    a: mix(ink.fabric, pale ? darken(ink.secondary, 0.1) : lighten(ink.secondary, 0.15), 0.6),
    b: mix(ink.fabric, ink.accent, dark ? 0.55 : 0.45),
    c: mix(ink.fabric, ink.secondary, 0.35),
    grout: null,
    groutW: 0,
    alpha:
      st?.texture === 'brocade'
        ? v.brocade + 0.24
        : kind === 'jellaba'
          ? v.brocade * 0.7
          : v.brocade + (dark ? 0.08 : 0),
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
  let cloth = weave === 'striped' ? `${p}str` : kind === 'takchita' ? null : `${p}fab`;
  if (st && weave !== 'striped') {
    // The cloth's own look: brocade woven with the motif, linen's visible weave, velvet and silk plain (their
    // sheen is light, drawn over the folds below).
    if (st.texture === 'linen') {
      const warp = pale ? darken(ink.fabric, 0.16) : lighten(ink.fabric, 0.2);
      const weft = darken(ink.fabric, 0.22);
      defs += `<pattern id="${p}weave" patternUnits="userSpaceOnUse" width="9" height="9"><rect width="9" height="2.25" fill="${warp}" fill-opacity=".55"/><rect x="4.5" y="2.25" width="2.25" height="6.75" fill="${weft}" fill-opacity=".45"/></pattern>`;
      cloth = `${p}weave`;
    } else cloth = st.texture === 'brocade' ? `${p}fab` : null;
  }
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
  if (st?.embroidery === 'all-over') {
    // Sprigs of gold thread scattered over the whole cloth.
    defs += patternDef(`${p}emb`, motif, 96, {
      ground: null,
      a: ink.accent,
      b: ink.accentLight,
      c: ink.tertiary,
      grout: null,
      groutW: 0,
      alpha: 0.5,
    });
    s += `<path d="${g.body}" fill="url(#${p}emb)"/>`;
  } else if (st?.embroidery === 'hem') {
    // A deep band of embroidery above the hem, edged with a braid.
    s += `<g clip-path="url(#${p}bc)"><path d="${g.hemTrim}" fill="none" stroke="url(#${p}panel)" stroke-width="300"/>`;
    s += `<g transform="translate(0 -150)">${sfifa(p, g.hemTrim, dress ? 12 : 9, ink)}</g></g>`;
  } else if (st?.embroidery === 'chest' && !back) {
    s += `<path d="${g.chest}" fill="url(#${p}panel)"/>${sfifa(p, g.chest, dress ? 10 : 8, ink)}`;
  }
  if (st?.trim === 'sfifa' && g.frontTrim) {
    // Rows of sfifa braid down both sides of the closure.
    for (const dx of [-34, 34]) s += `<g transform="translate(${dx} 0)">${sfifa(p, g.frontTrim, 9, ink)}</g>`;
  }
  if (g.backSeam)
    s += `<path d="${g.backSeam}" fill="none" stroke="${ink.shadow}" stroke-width="1.6" stroke-opacity=".5"/>`;
  if (g.neckInner) s += `<path d="${g.neckInner}" fill="url(#${p}lin)"/>`;
  if (g.slit) s += `<path d="${g.slit}" fill="url(#${p}lin)"/>`;
  if (g.collar) {
    s += `<path d="${g.collar}" fill="${contrast}"/><path d="${g.collar}" fill="url(#${p}trim)" fill-opacity=".5"/>`;
    s += `<path d="${g.collar}" fill="none" stroke="${ink.accentDark}" stroke-width="2"/>`;
  }
  s += sfifa(p, g.hemTrim, dress ? 18 : 7, ink, dress, true);
  if (g.frontTrim) s += sfifa(p, g.frontTrim, dress ? 20 : 7, ink, dress);
  for (const d of g.neckTrims) s += sfifa(p, d, dress ? 14 : 9, ink);
  s += aakad(p, g.buttons, st?.trim === 'aakad' ? 8.5 : dress ? 5.2 : 4.6, ink);
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
  if (st?.texture === 'velvet') {
    // Velvet's pile: a bright sheen where the cloth turns to the light, deep shade where it turns away.
    defs += `<linearGradient id="${p}velv" gradientUnits="userSpaceOnUse" x1="${lx ? 110 : 790}" y1="0" x2="${lx ? 790 : 110}" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".3"/><stop offset=".26" stop-color="#fff" stop-opacity=".3"/><stop offset=".36" stop-color="#fff" stop-opacity="0"/><stop offset=".58" stop-color="#000" stop-opacity=".12"/><stop offset=".66" stop-color="#fff" stop-opacity=".14"/><stop offset=".76" stop-color="#000" stop-opacity=".3"/><stop offset="1" stop-color="#000" stop-opacity=".55"/></linearGradient>`;
    s += `<path d="${g.body}" fill="url(#${p}velv)"/>`;
  } else if (st?.texture === 'silk') {
    // Silk's drape: long diagonal glints repeating down the cloth.
    defs += `<linearGradient id="${p}silk" gradientUnits="userSpaceOnUse" x1="300" y1="200" x2="420" y2="330" spreadMethod="reflect"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset=".8" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#fff" stop-opacity="${pale ? 0.3 : 0.2}"/></linearGradient>`;
    s += `<path d="${g.body}" fill="url(#${p}silk)"/>`;
  }
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
  if (st?.embroidery === 'sleeves') {
    sleeve += `<g clip-path="url(#${p}sc)"><path d="${g.sleeveEdge}" fill="none" stroke="url(#${p}panel)" stroke-width="230"/>`;
    sleeve += `<g transform="translate(0 -112)">${sfifa(p, g.sleeveEdge, 9, ink)}</g></g>`;
  }
  if (g.cuff) {
    sleeve += `<path d="${g.cuff}" fill="${ink.secondary}"/><path d="${g.cuff}" fill="url(#${p}trim)" fill-opacity=".45"/>`;
    sleeve += `<path d="${g.cuff}" fill="none" stroke="${ink.accentDark}" stroke-width="2.5"/>`;
  }
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

export function svgDoc(w: number, h: number, defs: string, body: string, viewBox = `0 0 ${w} ${h}`): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${viewBox}"><defs>${defs}</defs>${body}</svg>`;
}
// ---------------------------------------------------------------------------
// scenes

export function lanternDefs(p: string): string {
  return (
    radial(`${p}glow`, '#ffcf7a', 0.55) +
    `<linearGradient id="${p}brass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#5a3f1c"/><stop offset=".45" stop-color="#b8893d"/><stop offset=".6" stop-color="#e6c27a"/><stop offset="1" stop-color="#4a3216"/></linearGradient>` +
    `<linearGradient id="${p}flame" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff3c4"/><stop offset="1" stop-color="#f0a442"/></linearGradient>`
  );
}

/** A pierced brass lantern (fanous) with its glow, hanging on a chain from y=0. */
export function lantern(p: string, x: number, y: number, s: number, glow = true): string {
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
export function riadWall(p: string, s: WallSpec): string {
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
export function archOpening(
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

export function courtyardView(
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

export interface Look {
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
export function placedGarment(
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
