import { createFontStack } from '@capsizecss/core';
import { entireMetricsCollection as metrics } from '@capsizecss/metrics/entireMetricsCollection';
import type { Plugin } from 'vite';

type FontMetrics = Parameters<typeof createFontStack>[0][number];
/** A family of Capsize's collection: its metrics at each of its weights. */
type Family = FontMetrics & { variants: Record<string, FontMetrics> };

/** A face the phone or computer already has, under every name it goes by (metric-compatible clones included). */
interface LocalFace {
  /** How the fallback family made of it is named (`Jost fallback: Arial`). */
  label: string;
  metrics: FontMetrics;
  /** Full and PostScript names, as `local()` matches them. */
  names: string[];
}

/** The weights a fallback face stands in for, and the web font's own metrics at that weight. */
interface WeightRange {
  range: string;
  variant: string;
}

export interface FallbackFamily {
  /** The web font's name, as its fallbacks are named after it. */
  name: string;
  /** The custom property that lists the fallbacks, in order, for tokens.css (`--font-body-fallback`). */
  variable: string;
  webFont: Family;
  weights: WeightRange[];
  /** Tried in order: the first one the device has is used (each is a family of its own). */
  locals: { regular: LocalFace; bold?: LocalFace }[];
}

/**
 * `@font-face` rules for faces every visitor already has, resized so that text set in them takes the room the
 * web font will take (Capsize's metric overrides: size, ascent, descent, line gap), and for each web font a
 * custom property listing them. A page whose web fonts are not in yet shows its text in them, and the swap to the
 * web fonts moves no line (decision 040). A family
 * of fallbacks per local face, with the overrides that fit it, tried in order: the first the device has wins.
 */
export function fallbackFontFaces(families: FallbackFamily[]): string {
  const rules: string[] = [];
  const stacks: string[] = [];
  for (const family of families) {
    const names = family.locals.map((local) => `'${family.name} fallback: ${local.regular.label}'`);
    stacks.push(`${family.variable}: ${names.join(', ')}`);
    for (const { range, variant } of family.weights) {
      const own = family.webFont.variants[variant];
      if (!own) throw new Error(`Capsize has no metrics for ${family.name} ${variant}`);
      const bold = Number(range.split(' ')[0]) >= 550;
      for (const [index, local] of family.locals.entries()) {
        const face = (bold && local.bold) || local.regular;
        const { fontFaces } = createFontStack([own, face.metrics], { fontFaceFormat: 'styleObject' });
        const rule = Object.values(fontFaces[0] ?? {})[0] as Record<string, string> | undefined;
        if (!rule) throw new Error(`Capsize gave no fallback for ${family.name}`);
        rules.push(
          [
            `font-family: ${names[index]}`,
            `src: ${face.names.map((n) => `local('${n}')`).join(', ')}`,
            `font-weight: ${range}`,
            // ascent-, descent-, line-gap-override and size-adjust, those Capsize gives.
            ...Object.entries(rule)
              .filter(([key, value]) => /Override$|^sizeAdjust$/.test(key) && value !== undefined)
              .map(([key, value]) => `${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${value}`),
          ].join('; '),
        );
      }
    }
  }
  return [...rules.map((rule) => `@font-face { ${rule}; }`), `:root { ${stacks.join('; ')}; }`].join('\n');
}

const arial: LocalFace = {
  label: 'Arial',
  metrics: metrics.arial,
  names: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Arimo', 'Arimo-Regular'],
};
const arialBold: LocalFace = {
  label: 'Arial Bold',
  metrics: metrics.arial.variants['700'],
  names: [
    'Arial Bold',
    'Arial-BoldMT',
    'Liberation Sans Bold',
    'LiberationSans-Bold',
    'Arimo Bold',
    'Arimo-Bold',
  ],
};
const roboto: LocalFace = { label: 'Roboto', metrics: metrics.roboto, names: ['Roboto', 'Roboto-Regular'] };
const robotoBold: LocalFace = {
  label: 'Roboto Bold',
  metrics: metrics.roboto.variants['700'],
  names: ['Roboto Bold', 'Roboto-Bold'],
};
const timesNewRoman: LocalFace = {
  label: 'Times New Roman',
  metrics: metrics.timesNewRoman,
  names: [
    'Times New Roman',
    'TimesNewRomanPSMT',
    'Liberation Serif',
    'LiberationSerif',
    'Tinos',
    'Tinos-Regular',
  ],
};

const notoNaskhArabic: LocalFace = {
  label: 'Noto Naskh Arabic',
  metrics: metrics.notoNaskhArabic,
  names: [
    'Noto Naskh Arabic UI',
    'NotoNaskhArabicUI-Regular',
    'Noto Naskh Arabic',
    'NotoNaskhArabic-Regular',
  ],
};
const notoNaskhArabicBold: LocalFace = {
  label: 'Noto Naskh Arabic Bold',
  metrics: metrics.notoNaskhArabic.variants['700'],
  names: [
    'Noto Naskh Arabic UI Bold',
    'NotoNaskhArabicUI-Bold',
    'Noto Naskh Arabic Bold',
    'NotoNaskhArabic-Bold',
  ],
};

/** The storefront's faces (src/styles/global.css) and what stands in for each until it arrives. */
export const SHOP_FALLBACKS: FallbackFamily[] = [
  {
    name: 'Jost',
    variable: '--font-body-fallback',
    webFont: metrics.jost,
    weights: [
      { range: '100 449', variant: 'regular' },
      { range: '450 549', variant: '500' },
      { range: '550 900', variant: '600' },
    ],
    // Arial on Apple and Windows devices (and its clones on Linux), Roboto on Android.
    locals: [
      { regular: arial, bold: arialBold },
      { regular: roboto, bold: robotoBold },
    ],
  },
  {
    name: 'Cormorant Garamond',
    variable: '--font-display-fallback',
    webFont: metrics.cormorantGaramond,
    // Headings use one display weight (500).
    weights: [{ range: '100 900', variant: '500' }],
    locals: [{ regular: timesNewRoman }],
  },
  {
    name: 'Noto Naskh Arabic',
    variable: '--font-arabic-fallback',
    webFont: metrics.notoNaskhArabic,
    weights: [
      { range: '100 549', variant: 'regular' },
      { range: '550 900', variant: '600' },
    ],
    // Android's own Arabic face is this one; elsewhere the device's Arabic face follows in the stack.
    locals: [{ regular: notoNaskhArabic, bold: notoNaskhArabicBold }],
  },
];

const ID = 'virtual:font-fallbacks.css';

/** Serves `virtual:font-fallbacks.css`: the fallback faces of SHOP_FALLBACKS, computed at build time. */
export function fontFallbacks(families: FallbackFamily[] = SHOP_FALLBACKS): Plugin {
  return {
    name: 'boutique:font-fallbacks',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load: (id) => (id === `\0${ID}` ? fallbackFontFaces(families) : undefined),
  };
}
