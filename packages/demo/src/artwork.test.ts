import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type GarmentArtwork } from '@boutique/api/artwork';
import { gallerySvg, garmentSvg, SCENE_SUBJECTS } from './artwork.js';

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
