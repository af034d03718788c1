import type { Plugin, Rollup } from 'vite';

type OutputAsset = Rollup.OutputAsset;

/**
 * Writes `.vite/critical-fonts.json`: for each language, the built font files that the first screen's text
 * is set in, which the server preloads with the page. Otherwise the browser finds them only once the
 * stylesheet has arrived and the page has been laid out, a round trip later. `byLanguage` matches the
 * fonts' original file names (those of @fontsource), so the list follows the stylesheet's imports.
 */
export function criticalFonts(byLanguage: Record<string, RegExp[]>): Plugin {
  return {
    name: 'boutique:critical-fonts',
    apply: 'build',
    // After Vite's own hooks: the stylesheet is in the bundle by then.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const fonts = Object.values(bundle).filter(
        (file): file is OutputAsset => file.type === 'asset' && file.fileName.endsWith('.woff2'),
      );
      const result: Record<string, string[]> = {};
      for (const [language, patterns] of Object.entries(byLanguage)) {
        result[language] = patterns.map((pattern) => {
          const font = fonts.find((file) => file.originalFileNames.some((name) => pattern.test(name)));
          // A font renamed or dropped upstream should fail the build, not quietly stop being preloaded.
          if (!font) this.error(`no built font matches ${pattern} (critical fonts for ${language})`);
          return `/${font.fileName}`;
        });
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/critical-fonts.json',
        source: `${JSON.stringify(result, null, 2)}\n`,
      });
    },
  };
}
