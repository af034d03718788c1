import { createHash } from 'node:crypto';
import subsetFont from 'subset-font';
import type { Plugin, Rollup } from 'vite';

type OutputAsset = Rollup.OutputAsset;

export interface FontSubset {
  /** The font's original file name (that of @fontsource), as the stylesheet imports it. */
  file: RegExp;
  /** The characters kept, as ranges of code points (both ends included). */
  unicodes: readonly (readonly [number, number])[];
}

/**
 * Cuts a web font down to the characters its pages write, at build time, keeping its variation axes and the
 * layout rules that shape them (HarfBuzz's subsetter: an Arabic letter's initial, medial and final forms are
 * reached through those rules, not typed). The file gets the name of its new content, and the stylesheet follows
 * it. Must come before `criticalFonts`, which names the files the server preloads.
 */
export function subsetFonts(subsets: readonly FontSubset[]): Plugin {
  return {
    name: 'boutique:subset-fonts',
    apply: 'build',
    // After Vite's own hooks: the stylesheet is in the bundle by then.
    enforce: 'post',
    async generateBundle(_options, bundle) {
      for (const { file, unicodes } of subsets) {
        const font = Object.values(bundle).find(
          (asset): asset is OutputAsset =>
            asset.type === 'asset' && asset.originalFileNames.some((name) => file.test(name)),
        );
        // A font renamed or dropped upstream should fail the build, not quietly go out whole.
        if (!font) return this.error(`no built font matches ${file} (font subsets)`);
        const text = unicodes
          .flatMap(([from, to]) =>
            Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)),
          )
          .join('');
        const source = await subsetFont(Buffer.from(font.source), text, { targetFormat: 'woff2' });
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        const fileName = font.fileName.replace(/-[\w-]{8}(\.woff2)$/, `-${hash}$1`);
        for (const asset of Object.values(bundle))
          if (asset.type === 'asset' && asset.fileName.endsWith('.css'))
            asset.source = String(asset.source).replaceAll(`/${font.fileName}`, `/${fileName}`);
        delete bundle[font.fileName];
        this.emitFile({ type: 'asset', fileName, source, originalFileName: font.originalFileNames[0] });
      }
    },
  };
}

/**
 * The Arabic the shop writes: letters, marks, digits and punctuation of the Arabic block (U+0600-066D), the
 * superscript and wasla alefs, the Persian kaf and yeh and Eastern digits that shoppers type into the search,
 * the Arabic full stop, and the joiners and direction marks. Not the letters of other languages written in
 * Arabic script, nor the presentation forms, which the shaping rules reach from these.
 */
export const ARABIC: FontSubset['unicodes'] = [
  [0x0600, 0x066d],
  [0x0670, 0x0671],
  [0x06a9, 0x06a9],
  [0x06cc, 0x06cc],
  [0x06d4, 0x06d4],
  [0x06f0, 0x06f9],
  [0x200c, 0x200f],
];
