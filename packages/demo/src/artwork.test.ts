import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  CUTS,
  EMBROIDERIES,
  type GarmentArtwork,
  type GarmentStyle,
  NECKLINES,
  SLEEVES,
  TEXTURES,
  TRIMS,
} from '@boutique/api/artwork';
import { gallerySvg, garmentSvg, type ProductArtwork, SCENE_SUBJECTS } from './artwork.js';
import * as data from './catalog-data.js';
import { demoMedia } from './index.js';

const emerald: GarmentArtwork = {
  kind: 'caftan',
  colors: ['#0f5c4a', '#1d7a62', '#c9a646'],
  accent: '#d4af37',
  motif: 'star8',
  seed: 'caftan-emeraude',
};
const jellaba: GarmentArtwork = {
  kind: 'jellaba',
  colors: ['#16204a'],
  accent: '#c9ced8',
  motif: 'lattice',
  seed: 'jellaba-nuit',
};

/** The drawing as 300x400 RGB pixels, to ask what a shopper would see. */
async function pixels(svg: string): Promise<{ data: Buffer; at: (x: number, y: number) => number }> {
  const data = await sharp(Buffer.from(svg), { density: 24 }).removeAlpha().raw().toBuffer();
  // Perceived lightness of one pixel, 0..1.
  const at = (x: number, y: number): number => {
    const i = (y * 300 + x) * 3;
    return (0.2126 * (data[i] ?? 0) + 0.7152 * (data[i + 1] ?? 0) + 0.0722 * (data[i + 2] ?? 0)) / 255;
  };
  return { data, at };
}

async function size(svg: string, density?: number): Promise<{ width?: number; height?: number }> {
  const png = await sharp(Buffer.from(svg), density ? { density } : {})
    .png()
    .toBuffer();
  return sharp(png).metadata();
}

describe('garmentSvg', () => {
  it('is deterministic for the same input', () => {
    for (const view of [0, 1, 2]) {
      expect(garmentSvg(emerald, view)).toBe(garmentSvg({ ...emerald, colors: [...emerald.colors] }, view));
      expect(garmentSvg(jellaba, view)).toBe(garmentSvg({ ...jellaba }, view));
    }
  });

  it('varies with the seed, the colours, the motif and the view', () => {
    const base = garmentSvg(emerald, 0);
    expect(garmentSvg({ ...emerald, seed: 'caftan-emeraude-2' }, 0)).not.toBe(base);
    expect(garmentSvg({ ...emerald, colors: ['#6e1423'] }, 0)).not.toBe(base);
    expect(garmentSvg({ ...emerald, accent: '#c0c0c8' }, 0)).not.toBe(base);
    expect(garmentSvg({ ...emerald, motif: 'floral' }, 0)).not.toBe(base);
    expect(new Set([0, 1, 2].map((v) => garmentSvg(emerald, v))).size).toBe(3);
    expect(garmentSvg({ ...emerald, kind: 'jellaba' }, 0)).not.toBe(base);
  });

  it('throws on a bad hex colour', () => {
    expect(() => garmentSvg({ ...emerald, colors: ['#12345'] }, 0)).toThrow(/hex/);
    expect(() => garmentSvg({ ...emerald, colors: ['red'] }, 0)).toThrow(/hex/);
    expect(() => garmentSvg({ ...emerald, colors: ['#0f5c4a', '"/><script>'] }, 0)).toThrow(/hex/);
    expect(() => garmentSvg({ ...emerald, accent: '#gggggg' }, 0)).toThrow(/hex/);
    expect(() => garmentSvg({ ...emerald, colors: [] }, 0)).toThrow();
    expect(() => garmentSvg({ ...emerald, colors: ['#111', '#222', '#333', '#444', '#555'] }, 0)).toThrow();
  });

  it('rejects an unknown motif or view', () => {
    expect(() => garmentSvg({ ...emerald, motif: 'paisley' as GarmentArtwork['motif'] }, 0)).toThrow(/motif/);
    expect(() => garmentSvg(emerald, -1)).toThrow();
    expect(() => garmentSvg(emerald, 1.5)).toThrow();
  });

  it('accepts short hex and any letter case', () => {
    expect(() => garmentSvg({ ...emerald, colors: ['#FFF'], accent: '#C9A646' }, 0)).not.toThrow();
  });

  it('renders with sharp as a 3:4 portrait for every view', async () => {
    for (const view of [0, 1, 2]) {
      const meta = await size(garmentSvg(emerald, view), 24);
      expect(meta.width).toBe(300);
      expect(meta.height).toBe(400);
    }
    const meta = await size(garmentSvg(jellaba, 2), 24);
    expect([meta.width, meta.height]).toEqual([300, 400]);
  });
});

describe('garment kinds', () => {
  const plain: GarmentArtwork = { ...emerald, colors: ['#16204a'], seed: 'same-seed' };
  const caftan = { ...plain, kind: 'caftan' as const };
  const takchita = { ...plain, kind: 'takchita' as const };
  const hooded = { ...plain, kind: 'jellaba' as const };

  it('draws a takchita with its sheer dfina and a mdamma, a plain caftan with neither', () => {
    for (const view of [0, 2]) {
      expect(garmentSvg(takchita, view)).toContain('id="gdfina"');
      expect(garmentSvg(takchita, view)).toContain('id="gmdamma"');
      expect(garmentSvg(caftan, view)).not.toContain('id="gdfina"');
      expect(garmentSvg(caftan, view)).not.toContain('id="gmdamma"');
    }
    // Even when the takchita's data forgets the belt: a takchita always has one.
    expect(garmentSvg({ ...takchita, belt: false }, 0)).toContain('id="gmdamma"');
    expect(garmentSvg({ ...caftan, belt: true }, 0)).toContain('id="gmdamma"');
  });

  it('draws a jellaba with its hood, front and back, and never a caftan', () => {
    for (const view of [0, 1, 2]) {
      expect(garmentSvg(hooded, view)).toContain('id="gqob"');
      expect(garmentSvg(caftan, view)).not.toContain('id="gqob"');
      expect(garmentSvg({ ...hooded, belt: true }, view)).not.toContain('id="gmdamma"');
    }
  });

  it('shows the hood above the shoulders, where a caftan leaves the backdrop', async () => {
    // x 150 is the centre line; y 30 is above a caftan's neckline (162 + 24 units, at a third of a pixel each).
    const jellaba = await pixels(garmentSvg(hooded, 0));
    const dress = await pixels(garmentSvg(caftan, 0));
    expect(jellaba.at(150, 30)).toBeLessThan(0.3);
    expect(dress.at(150, 30)).toBeGreaterThan(0.6);
  });

  it('lets the under-dress show where the dfina parts, veiled elsewhere', async () => {
    const t = await pixels(garmentSvg({ ...takchita, colors: ['#6d1a2a'] }, 0));
    const c = await pixels(garmentSvg({ ...caftan, colors: ['#6d1a2a'] }, 0));
    // Below the belt, off the centre line, on the left half (lit side): veiled on the takchita only.
    expect(t.at(110, 300) - c.at(110, 300)).toBeGreaterThan(0.04);
  });

  it('weaves stripes into a striped piece: many more light-dark changes across the body', async () => {
    const crossings = async (art: GarmentArtwork): Promise<number> => {
      const { at } = await pixels(garmentSvg(art, 0));
      let n = 0;
      for (let x = 125; x < 175; x++) if (Math.abs(at(x + 1, 300) - at(x, 300)) > 0.04) n++;
      return n;
    };
    const striped = { ...hooded, colors: ['#3a3a3c', '#1a1a1a', '#a47551'], weave: 'striped' as const };
    expect(garmentSvg(striped, 0)).toContain('id="gstr"');
    // The plain cloth's brocade and folds make a few changes; pinstripes make one every few pixels.
    expect(await crossings(striped)).toBeGreaterThan(3 * (await crossings({ ...striped, weave: 'plain' })));
  });

  it('gives a two-tone piece its second colour on the shoulders and the hood', async () => {
    const art = { ...hooded, colors: ['#c2603d', '#1a1a1a'], weave: 'two-tone' as const };
    const svg = garmentSvg(art, 0);
    expect(svg).toContain('id="gyoke"');
    expect(svg.match(/<g id="gqob"><path d="[^"]+" fill="([^"]+)"/)?.[1]).toBe('#1a1a1a');
    const twoTone = await pixels(svg);
    const plainOne = await pixels(garmentSvg({ ...art, weave: 'plain' }, 0));
    // The chest below the neckline turns dark; the skirt keeps the terracotta.
    expect(plainOne.at(135, 95) - twoTone.at(135, 95)).toBeGreaterThan(0.15);
    expect(Math.abs(plainOne.at(135, 300) - twoTone.at(135, 300))).toBeLessThan(0.02);
    expect(garmentSvg({ ...art, weave: 'plain' }, 0)).not.toContain('id="gyoke"');
  });

  it('is the same drawing for the same product, and rejects an unknown kind or weave', () => {
    for (const art of [caftan, takchita, hooded]) expect(garmentSvg(art, 0)).toBe(garmentSvg({ ...art }, 0));
    expect(new Set([caftan, takchita, hooded].map((a) => garmentSvg(a, 0))).size).toBe(3);
    expect(() => garmentSvg({ ...plain, kind: 'kimono' as GarmentArtwork['kind'] }, 0)).toThrow(/kind/);
    expect(() => garmentSvg({ ...plain, weave: 'tartan' as GarmentArtwork['weave'] }, 0)).toThrow(/weave/);
  });
});

describe('scenes', () => {
  const scene = {
    subject: 'fountain' as const,
    palette: ['#0f5c4a', '#f1e7d3', '#b8893d'],
    motif: 'rosette' as const,
    seed: 'riad-1',
  };

  it('gallerySvg is deterministic, seed-dependent and renders at 4:5', async () => {
    expect(gallerySvg(scene)).toBe(gallerySvg({ ...scene, palette: [...scene.palette] }));
    expect(gallerySvg({ ...scene, seed: 'riad-2' })).not.toBe(gallerySvg(scene));
    expect(gallerySvg({ ...scene, palette: ['#16204a'] })).not.toBe(gallerySvg(scene));
    expect(() => gallerySvg({ ...scene, palette: ['#0f5c4a', 'blue'] })).toThrow(/hex/);
    const meta = await size(gallerySvg(scene), 18);
    expect([meta.width, meta.height]).toEqual([250, 313]);
  });

  it('draws each subject as a picture of its own, at 4:5', async () => {
    const drawings = SCENE_SUBJECTS.map((subject) => gallerySvg({ ...scene, subject }));
    expect(new Set(drawings).size).toBe(SCENE_SUBJECTS.length);
    for (const svg of drawings) {
      const meta = await size(svg, 18);
      expect([meta.width, meta.height]).toEqual([250, 313]);
    }
    expect(() => gallerySvg({ ...scene, subject: 'beach' as typeof scene.subject })).toThrow(/subject/);
  });

  it('shows the garment its caption names: a takchita for the bride, jellabas for the family', () => {
    const bride = gallerySvg({ ...scene, subject: 'bride' });
    expect(bride).toContain('dfina"');
    expect(bride).toContain('mdamma"');
    const family = gallerySvg({ ...scene, subject: 'family' });
    expect(family.match(/id="sj\dqob"/g)).toHaveLength(4);
    expect(gallerySvg({ ...scene, subject: 'trim' })).toContain('url(#gbtn)');
  });
});

describe('demo pieces a shopper tells apart', () => {
  const media = demoMedia();
  const look = (p: (typeof media.products)[number]) => {
    const { kind, weave, display, style } = p.artwork;
    return { kind, weave: weave ?? 'plain', display, ...style };
  };

  it('gives no two products the same cut, sleeve, neckline, trim, embroidery, cloth and presentation', () => {
    expect(media.products).toHaveLength(42);
    const seen = new Map<string, string>();
    for (const p of media.products) {
      const key = JSON.stringify(look(p));
      expect(seen.get(key), `${p.slug} is drawn like ${seen.get(key)}`).toBeUndefined();
      seen.set(key, p.slug);
    }
    expect(new Set(media.products.map((p) => p.svg(0))).size).toBe(42);
    // Every choice is used somewhere in the catalogue, so each one is drawn.
    const used = (k: keyof ReturnType<typeof look>) => new Set(media.products.map((p) => look(p)[k]));
    expect(used('cut')).toEqual(new Set(CUTS));
    expect(used('sleeve')).toEqual(new Set(SLEEVES));
    expect(used('neckline')).toEqual(new Set(NECKLINES));
    expect(used('trim')).toEqual(new Set(TRIMS));
    expect(used('embroidery')).toEqual(new Set(EMBROIDERIES));
    expect(used('texture')).toEqual(new Set(TEXTURES));
    expect(used('display')).toEqual(new Set(['form', 'hanger']));
    expect(used('hood')).toEqual(new Set([true, false]));
    expect(used('length')).toEqual(new Set(['long', 'short']));
  });

  it('reads the piece from what the shop says about it', () => {
    const of = (slug: string) => look(media.products.find((p) => p.slug === slug) ?? media.products[0]!);
    expect(of('zahra-emerald-velvet-caftan')).toMatchObject({
      texture: 'velvet',
      trim: 'mdamma',
      display: 'form',
    });
    expect(of('meknassia-petrol-brocade-caftan')).toMatchObject({ texture: 'brocade' });
    expect(of('tetouan-midnight-crepe-caftan')).toMatchObject({ sleeve: 'bell', texture: 'silk' });
    expect(of('chefchaouen-sky-blue-crepe-caftan')).toMatchObject({ cut: 'a-line' });
    expect(of('imane-black-crepe-caftan')).toMatchObject({ cut: 'fitted', sleeve: 'cuffed' });
    expect(of('layla-lilac-chiffon-caftan')).toMatchObject({ embroidery: 'all-over' });
    expect(of('asilah-womens-cotton-jellaba')).toMatchObject({ hood: false, texture: 'linen' });
    expect(of('tanja-mens-linen-jellaba')).toMatchObject({ hood: true, length: 'short', display: 'hanger' });
    expect(of('bahia-womens-embroidered-jellaba')).toMatchObject({ length: 'long', display: 'form' });
  });

  it('draws each choice where a shopper sees it', async () => {
    const base: ProductArtwork = {
      kind: 'caftan',
      colors: ['#16204a'],
      accent: '#c9a24a',
      motif: 'star8',
      seed: 'same-seed',
      style: {
        cut: 'straight',
        sleeve: 'straight',
        neckline: 'round',
        trim: 'sfifa',
        embroidery: 'chest',
        texture: 'silk',
        hood: false,
        length: 'long',
      },
    };
    const styled = (style: Partial<GarmentStyle>, art: Partial<ProductArtwork> = {}): ProductArtwork => ({
      ...base,
      ...art,
      style: { ...base.style!, ...style },
    });
    // How many pixels of a row are garment (dark navy) rather than the pale backdrop.
    const width = async (art: ProductArtwork, y: number): Promise<number> => {
      const { at } = await pixels(garmentSvg(art, 0));
      let n = 0;
      for (let x = 0; x < 300; x++) if (at(x, y) < 0.35) n++;
      return n;
    };
    // An A-line hem is wider than a straight one; a bell sleeve reaches further out than a straight one.
    expect(await width(styled({ cut: 'a-line' }), 360)).toBeGreaterThan((await width(base, 360)) + 25);
    expect(await width(styled({ sleeve: 'bell' }), 220)).toBeGreaterThan((await width(base, 220)) + 25);
    // A three-quarter sleeve ends above the wrist; a kimono cut hangs its square sleeve wide from the shoulder.
    expect(await width(styled({ sleeve: 'three-quarter' }), 205)).toBeLessThan((await width(base, 205)) - 25);
    expect(await width(styled({ cut: 'kimono' }), 120)).toBeGreaterThan((await width(base, 120)) + 40);
    // A short jellaba stops at mid-calf: below it, the form's pole and the backdrop.
    const jellaba = { kind: 'jellaba' as const, display: 'form' as const };
    expect(await width(styled({ length: 'short' }, jellaba), 330)).toBeLessThan(10);
    expect(await width(styled({ length: 'long' }, jellaba), 330)).toBeGreaterThan(80);
    // The hood stands above the shoulders only when the piece has one.
    expect((await pixels(garmentSvg(styled({ hood: true }, jellaba), 0))).at(150, 32)).toBeLessThan(0.3);
    expect((await pixels(garmentSvg(styled({ hood: false }, jellaba), 0))).at(150, 32)).toBeGreaterThan(0.5);
    // The trims and cloths each leave their mark in the drawing.
    expect(garmentSvg(styled({ trim: 'mdamma' }), 0)).toContain('id="gmdamma"');
    expect(garmentSvg(styled({ texture: 'velvet' }), 0)).toContain('id="gvelv"');
    expect(garmentSvg(styled({ texture: 'linen' }), 0)).toContain('id="gweave"');
    expect(garmentSvg(styled({ embroidery: 'all-over' }), 0)).toContain('id="gemb"');
    expect(garmentSvg(styled({ neckline: 'mandarin' }), 0)).not.toBe(garmentSvg(base, 0));
    expect(garmentSvg(styled({}, { display: 'hanger' }), 0)).not.toBe(
      garmentSvg(styled({}, { display: 'form' }), 0),
    );
    expect(() => garmentSvg(styled({ cut: 'mermaid' as GarmentStyle['cut'] }), 0)).toThrow(/cut/);
  });

  it('gives every colour of every product its own picture and a detail shot, in that colour', () => {
    const hex = new Map(data.colors.map((c) => [c.key, c.hex]));
    for (const p of media.products) {
      const product = data.products.find((d) => d.slug === p.slug)!;
      expect(p.images).toBe(p.pictures.length);
      for (const color of product.colors) {
        const views = p.pictures.filter((pic) => pic.color === color).map((pic) => pic.view);
        expect(views, `${p.slug} in ${color}`).toEqual(expect.arrayContaining([0, 1]));
        expect(p.artworkIn(color).colors[0]).toBe(hex.get(color));
      }
      // The first picture, the one the listing shows, is the first colour's front.
      expect(p.pictures[0]).toEqual({ view: 0, color: product.colors[0] });
      const drawings = p.pictures.map((_, i) => p.svg(i));
      expect(new Set(drawings).size).toBe(drawings.length);
    }
  });

  it('draws the same product the same way every time', () => {
    const again = demoMedia();
    for (const [i, p] of media.products.entries()) {
      for (const index of [0, 1, p.images - 1]) expect(again.products[i]?.svg(index)).toBe(p.svg(index));
    }
  });
});
