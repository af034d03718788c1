import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Plugin } from 'vite';

/**
 * The shop's icons, drawn from one SVG: the browser tab's and the phone home screen's. PNG, not the SVG itself:
 * Chromium draws an SVG favicon in the page's own renderer, in a task on the main thread (some 55-140 ms on a
 * 4x slower CPU) just when the app starts, and it still fetches the SVG when a PNG is offered beside it. iOS
 * takes only a PNG for the home screen, square and opaque (it rounds the corners itself).
 */
export const SHOP_ICONS = [
  { fileName: 'favicon-32.png', size: 32 },
  { fileName: 'apple-touch-icon.png', size: 180, background: '#1f5c4a' },
] as const;

export async function renderIcons(svg: Buffer): Promise<{ fileName: string; source: Buffer }[]> {
  return Promise.all(
    SHOP_ICONS.map(async (icon) => {
      // Drawn large, then reduced: a small drawing of thin strokes comes out blurred.
      let image = sharp(svg, { density: 600 }).resize(icon.size, icon.size);
      if ('background' in icon) image = image.flatten({ background: icon.background });
      return { fileName: icon.fileName, source: await image.png({ compressionLevel: 9 }).toBuffer() };
    }),
  );
}

export function shopIcons(source: URL): Plugin {
  let rendered: ReturnType<typeof renderIcons> | undefined;
  const icons = () => (rendered ??= readFile(source).then(renderIcons));
  return {
    name: 'boutique:icons',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        icons().then((all) => {
          const icon = all.find((i) => req.url === `/${i.fileName}`);
          if (!icon) return next();
          res.setHeader('content-type', 'image/png');
          res.end(icon.source);
        }, next);
      });
    },
    async generateBundle() {
      for (const icon of await icons())
        this.emitFile({ type: 'asset', fileName: icon.fileName, source: icon.source });
    },
  };
}
