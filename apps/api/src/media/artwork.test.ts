import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bannerSvg, collectionTileSvg, heroFrameSvg } from './artwork.js';

async function size(svg: string, density?: number): Promise<{ width?: number; height?: number }> {
  const png = await sharp(Buffer.from(svg), density ? { density } : {})
    .png()
    .toBuffer();
  return sharp(png).metadata();
}

describe('site artwork', () => {
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
