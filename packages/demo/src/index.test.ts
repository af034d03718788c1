import { describe, expect, it } from 'vitest';
import { SCENE_SUBJECTS } from './artwork.js';
import { demoMedia, garmentDrawing } from './index.js';
import * as data from './catalog-data.js';

const drawing = (slug: string) => {
  const product = data.products.find((p) => p.slug === slug);
  if (!product) throw new Error(`no demo product ${slug}`);
  return garmentDrawing(product);
};

describe('demo pictures follow the products', () => {
  it('draws every product named a takchita as one, and no other', () => {
    for (const p of data.products) {
      const named = /takchita/i.test(p.name.en);
      expect(garmentDrawing(p).kind === 'takchita', p.slug).toBe(named);
    }
    expect(drawing('sultana-bordeaux-velvet-takchita')).toMatchObject({ kind: 'takchita', belt: true });
  });

  it('draws the jellaba collection as jellabas, never belted', () => {
    for (const p of data.products.filter((p) => p.category === 'jellaba')) {
      expect(garmentDrawing(p), p.slug).toMatchObject({ kind: 'jellaba', belt: false });
    }
  });

  it('belts the caftans whose copy promises a mdamma or belt, not the one that needs none', () => {
    expect(drawing('zahra-emerald-velvet-caftan')).toMatchObject({ kind: 'caftan', belt: true });
    expect(drawing('layla-lilac-chiffon-caftan')).toMatchObject({ kind: 'caftan', belt: true });
    expect(drawing('chefchaouen-sky-blue-crepe-caftan')).toMatchObject({ kind: 'caftan', belt: false });
  });

  it('weaves stripes and two tones into the pieces named so, and only those', () => {
    expect(drawing('ouezzane-mens-striped-wool-jellaba').weave).toBe('striped');
    expect(drawing('agdal-womens-two-tone-jellaba').weave).toBe('two-tone');
    // Menara's sfifa is two-tone, not the jellaba itself.
    expect(drawing('menara-womens-hooded-jellaba').weave).toBe('plain');
    const patterned = data.products.filter((p) => garmentDrawing(p).weave !== 'plain');
    expect(patterned.map((p) => p.slug).sort()).toEqual([
      'agdal-womens-two-tone-jellaba',
      'ouezzane-mens-striped-wool-jellaba',
    ]);
  });

  it('hands the renderer each product with its drawing, colour first, and every gallery with its subject', () => {
    const media = demoMedia();
    const zahra = media.products.find((p) => p.slug === 'zahra-emerald-velvet-caftan');
    expect(zahra?.artwork).toMatchObject({ kind: 'caftan', belt: true, weave: 'plain' });
    expect(zahra?.artwork.colors[0]).toBe(data.colors.find((c) => c.key === 'emerald')?.hex);
    expect(new Set(media.galleries.map((g) => g.scene.subject))).toEqual(new Set(SCENE_SUBJECTS));
  });
});
