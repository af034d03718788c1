/**
 * The demo catalogue's own pictures, as SVG: studio shots of each product (front, detail, back), and the gallery
 * scenes. They are drawn with the shop's drawing kit (the API's media/artwork.ts: garments, zellige, arches,
 * lanterns, the same performance rules) and rasterised by the API (media/render.ts). Pure functions of their
 * input, like the rest of that kit: the same product always gets the same picture.
 */
import {
  archOpening,
  archPath,
  type ArchStyle,
  at,
  checkMotif,
  checkPalette,
  courtyardView,
  darken,
  f,
  foldGradient,
  type GarmentArtwork,
  garmentLayer,
  hex,
  lantern,
  lanternDefs,
  lighten,
  type Look,
  lum,
  makeRng,
  mix,
  type Motif,
  type P,
  patternDef,
  placedGarment,
  pt,
  radial,
  riadWall,
  snap,
  svgDoc,
  vignette,
  zelligeInk,
} from '@boutique/api/artwork';

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

/** A demo piece's own backdrop: plaster, blush, sage, powder blue, sand, dove, each set off its cloth. */
const PIECE_TINTS: readonly string[] = [
  '#efe7dc',
  '#f0dcd4',
  '#dfe6d8',
  '#dbe3ea',
  '#eddcc0',
  '#e2dfe6',
  '#e9e0cf',
  '#e6d3c4',
];

/** How a demo piece is shown: on a dress form (a neck and a stand) or on a hanger. */
export type Display = 'form' | 'hanger';

/** A product's drawing and how the studio shows it. */
export interface ProductArtwork extends GarmentArtwork {
  display?: Display;
}

function studioBackdrop(
  p: string,
  seed: string,
  fabric: string,
  view: number,
  piece: boolean,
): { defs: string; body: string } {
  const r = makeRng(`studio|${seed}`);
  let tint = mix(r.pick(piece ? PIECE_TINTS : STUDIO_TINTS), fabric, 0.06);
  // Pale fabric needs a deeper backdrop or the garment edge dissolves.
  if (lum(fabric) > 0.72) tint = mix(tint, '#b9a58b', 0.35);
  if (view === 2) tint = mix(tint, '#d9c3a0', 0.22);
  const archStyle: ArchStyle = r.pick(
    piece ? (['horseshoe', 'pointed', 'lobed'] as const) : (['horseshoe', 'pointed'] as const),
  );
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

/** Where the hem of a drawn piece falls, in the garment's own frame (see the API's garment geometry). */
function hemOf(art: GarmentArtwork): number {
  return art.kind === 'jellaba' ? (art.style?.length === 'short' ? 880 : 1100) : 1092;
}

/**
 * The dress form or the hanger, in the garment's frame: what stands behind the piece (the form's neck, the
 * hanger's hook) and what shows below it (the form's stand and feet).
 */
function display(art: ProductArtwork): { behind: string; below: string; defs: string } {
  const wood = '#6b4a2e';
  if (art.display === 'hanger') {
    // A brass hook over a wooden hanger whose arms rest inside the shoulders.
    let behind = `<path d="M326 222Q450 172 574 222" fill="none" stroke="${wood}" stroke-width="12" stroke-linecap="round"/>`;
    behind += `<path d="M450 196L450 104C450 84 476 78 478 56C480 34 458 24 442 34" fill="none" stroke="#b08a3e" stroke-width="7" stroke-linecap="round"/>`;
    behind += `<path d="M450 196L450 104C450 84 476 78 478 56" fill="none" stroke="#f1d99a" stroke-width="2" stroke-opacity=".7" transform="translate(-2 0)"/>`;
    return { behind, below: '', defs: '' };
  }
  // The form: a linen-covered neck with a turned wooden cap, a pole and three feet below the hem.
  const defs = `<linearGradient id="fneck" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#cdbfa8"/><stop offset=".4" stop-color="#f3ebdd"/><stop offset="1" stop-color="#b8a88e"/></linearGradient>`;
  let behind = `<path d="M424 200L428 112Q450 100 472 112L476 200Z" fill="url(#fneck)"/>`;
  behind += `<ellipse cx="450" cy="110" rx="26" ry="8" fill="${wood}"/><circle cx="450" cy="92" r="11" fill="${wood}"/><circle cx="446" cy="88" r="3.5" fill="#fff" fill-opacity=".35"/>`;
  const hem = hemOf(art);
  let below = `<rect x="443" y="${hem - 60}" width="14" height="${1150 - hem + 60}" fill="${wood}"/>`;
  below += `<rect x="446" y="${hem - 60}" width="4" height="${1150 - hem + 60}" fill="#fff" fill-opacity=".2"/>`;
  below += `<path d="M450 1150L372 1176M450 1150L528 1176M450 1150L450 1182" fill="none" stroke="${wood}" stroke-width="10" stroke-linecap="round"/>`;
  return { behind, below, defs };
}

/**
 * Where a styled piece's detail shot looks (the top left of its 360x480 window): at what its embroidery and trim
 * make it known by. Multiples of 3 units, whole pixels at the crop's 10/3 scale (see below).
 */
function detailWindow(art: GarmentArtwork): { x: number; y: number } {
  const st = art.style;
  if (!st) return { x: 270, y: art.kind === 'jellaba' ? 39 : 162 };
  switch (st.embroidery) {
    case 'hem':
      return { x: 270, y: Math.round((hemOf(art) - 384) / 3) * 3 };
    case 'sleeves':
      return { x: 90, y: st.sleeve === 'three-quarter' ? 252 : 330 };
    case 'all-over':
      return { x: 270, y: 300 };
    case 'chest':
      return { x: 270, y: art.kind === 'jellaba' ? (st.hood ? 39 : 90) : 120 };
  }
}

/**
 * Product photo in a 3:4 portrait frame, 900x1200 units (view 1 crops its viewBox
 * to a 360x480 window of the same drawing, keeping the 900x1200 size).
 * view 0: front, full length; 1: detail shot, a close-up of the embroidery and trim (the neckline and closure,
 * or where a styled piece's embroidery sits); 2: back view in warmer side light. Higher integers wrap around.
 * A styled piece (art.style) gets a backdrop of its own and stands on a form or hangs on a hanger (art.display).
 */
export function garmentSvg(art: ProductArtwork, view: number): string {
  if (!Number.isInteger(view) || view < 0) throw new Error('view must be a non-negative integer');
  const v = (view % 3) as 0 | 1 | 2;
  const fabric = hex(at(checkPalette(art.colors, 'colors'), 0));
  const bg = studioBackdrop('b', art.seed, fabric, v, art.style !== undefined);
  const g = garmentLayer(art, 'g', { view: v, light: v === 2 ? 'right' : 'left' });
  const shown = art.display ? display(art) : { behind: '', below: '', defs: '' };
  let body = bg.body;
  body += `<g transform="translate(0 24)">${shown.below}${shown.behind}${g.body}</g>`;
  const defs = bg.defs + shown.defs + g.defs;
  if (v === 1) {
    // Close-up on the embroidery, closure and belt clasp. The zoom is a cropped root
    // viewBox rather than a scaled group: librsvg resamples patterns drawn under a
    // scaling transform, which is both blurrier and about four times slower.
    // A jellaba's close-up starts higher, to take in the point of its hood. Both offsets are multiples of 3
    // units, whole pixels at the 10/3 scale of the crop: a fractional offset sends librsvg's patterns down
    // its slow path (see the notes at the top).
    const { x, y } = detailWindow(art);
    const vig = vignette('bvig', x, y, 360, 480, 0.2);
    body += vig.body;
    return svgDoc(900, 1200, defs + vig.defs, body, `${x} ${y} 360 480`);
  }
  return svgDoc(900, 1200, defs, body);
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
