import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ensureDemoMedia,
  galleryImagePath,
  productImagePath,
  wideImagePath,
  type DemoMediaInput,
} from './render.js';
import { DiskStorage } from '../storage/disk.js';
import { gallerySvg, garmentSvg, type SceneArtwork } from '@boutique/demo';
import type { GarmentArtwork } from './artwork.js';

// One product and one gallery scene of the demo's drawings (packages/demo).
const emerald: GarmentArtwork = {
  kind: 'caftan',
  colors: ['#0f5c4a', '#c9a646'],
  accent: '#d4af37',
  motif: 'star8',
  seed: 'caftan-emeraude',
};
const riad: SceneArtwork = {
  subject: 'fountain',
  palette: ['#16204a', '#f1e7d3'],
  motif: 'lattice',
  seed: 'riad',
};
const input: DemoMediaInput = {
  products: [
    {
      slug: 'caftan-emeraude',
      svg: (view) => garmentSvg(emerald, view),
      images: 2,
    },
  ],
  galleries: [{ key: 'riad', svg: () => gallerySvg(riad) }],
};

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe('media paths', () => {
  it('follows the storage layout', () => {
    expect(productImagePath('caftan-emeraude', 0, 800)).toBe('products/caftan-emeraude/0-800.webp');
    expect(galleryImagePath('riad', 480)).toBe('gallery/riad-480.webp');
    expect(wideImagePath('banner', 1600)).toBe('site/banner-1600.webp');
  });

  it('refuses segments that could leave the storage dir', () => {
    expect(() => productImagePath('../etc', 0, 400)).toThrow();
    expect(() => galleryImagePath('a/b', 480)).toThrow();
    expect(() => wideImagePath('', 800)).toThrow();
    expect(() => productImagePath('ok', -1, 400)).toThrow();
  });
});

describe('ensureDemoMedia', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('renders every file once, then skips them all', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'media-'));
    dirs.push(dir);
    const first = await ensureDemoMedia(new DiskStorage(dir), input, { concurrency: 2 });
    // 2 views x 4 widths + 1 gallery x 2 widths + 3 wide images x 3 widths
    expect(first.rendered).toBe(19);
    expect(first.skipped).toBe(0);
    const written = await files(dir);
    expect(written).toHaveLength(19);
    expect(written.some((f) => f.endsWith('.tmp'))).toBe(false);

    const meta = await sharp(path.join(dir, productImagePath('caftan-emeraude', 1, 800))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 1067]);
    const thumbnail = await sharp(path.join(dir, productImagePath('caftan-emeraude', 1, 200))).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([200, 267]);
    const banner = await sharp(path.join(dir, wideImagePath('banner', 800))).metadata();
    expect([banner.width, banner.height]).toEqual([800, 333]);

    const second = await ensureDemoMedia(new DiskStorage(dir), input);
    expect(second).toMatchObject({ rendered: 0, skipped: 19 });
  }, 60_000);

  it('fills in only what is missing', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'media-'));
    dirs.push(dir);
    await ensureDemoMedia(new DiskStorage(dir), input);
    await rm(path.join(dir, productImagePath('caftan-emeraude', 0, 1200)));
    await rm(path.join(dir, galleryImagePath('riad', 480)));
    const again = await ensureDemoMedia(new DiskStorage(dir), input);
    expect(again).toMatchObject({ rendered: 2, skipped: 17 });
    const meta = await sharp(path.join(dir, productImagePath('caftan-emeraude', 0, 1200))).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 1600]);
  }, 60_000);
});
