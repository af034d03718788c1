// @vitest-environment node
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderIcons, SHOP_ICONS } from './icons';

describe('the shop icons', () => {
  it('draws each icon from the SVG at its size, the home screen one square and opaque', async () => {
    const icons = await renderIcons(await readFile(new URL('./shop-icon.svg', import.meta.url)));
    expect(icons.map((i) => i.fileName)).toEqual(SHOP_ICONS.map((i) => i.fileName));
    for (const [index, icon] of icons.entries()) {
      const meta = await sharp(icon.source).metadata();
      expect(meta).toMatchObject({
        format: 'png',
        width: SHOP_ICONS[index]!.size,
        height: SHOP_ICONS[index]!.size,
      });
    }
    const tab = await sharp(icons[0]!.source).raw().toBuffer({ resolveWithObject: true });
    expect(tab.info.channels).toBe(4);
    expect(tab.data[3]).toBe(0); // the rounded corner stays transparent in the tab
    const home = await sharp(icons[1]!.source).raw().toBuffer({ resolveWithObject: true });
    expect(home.info.channels).toBe(3);
    expect([...home.data.subarray(0, 3)]).toEqual([0x1f, 0x5c, 0x4a]); // the corner filled with the icon's green
  });
});
