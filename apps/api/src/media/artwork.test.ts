import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  bannerSvg,
  collectionTileSvg,
  gallerySvg,
  garmentSvg,
  heroFrameSvg,
  type GarmentArtwork,
} from './artwork.js';

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

describe('scenes', () => {
  const scene = { palette: ['#0f5c4a', '#f1e7d3', '#b8893d'], motif: 'rosette' as const, seed: 'riad-1' };

  it('gallerySvg is deterministic, seed-dependent and renders at 4:5', async () => {
    expect(gallerySvg(scene)).toBe(gallerySvg({ ...scene, palette: [...scene.palette] }));
    expect(gallerySvg({ ...scene, seed: 'riad-2' })).not.toBe(gallerySvg(scene));
    expect(gallerySvg({ ...scene, palette: ['#16204a'] })).not.toBe(gallerySvg(scene));
    expect(() => gallerySvg({ ...scene, palette: ['#0f5c4a', 'blue'] })).toThrow(/hex/);
    const meta = await size(gallerySvg(scene), 18);
    expect([meta.width, meta.height]).toEqual([250, 313]);
  });

  it('wide artwork renders at its declared size', async () => {
    for (const kind of ['caftan', 'jellaba'] as const) {
      const meta = await size(collectionTileSvg(kind), 9);
      expect([meta.width, meta.height]).toEqual([200, 125]);
    }
    expect(collectionTileSvg('caftan')).not.toBe(collectionTileSvg('jellaba'));
    const meta = await size(bannerSvg(), 6);
    expect([meta.width, meta.height]).toEqual([200, 83]);
  });

  it('hero frames loop: phase 1 draws phase 0', () => {
    expect(heroFrameSvg('desktop', 1)).toBe(heroFrameSvg('desktop', 0));
    expect(heroFrameSvg('mobile', 0.25)).not.toBe(heroFrameSvg('mobile', 0));
  });
});
