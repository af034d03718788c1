// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { entireMetricsCollection as metrics } from '@capsizecss/metrics/entireMetricsCollection';
import { fallbackFontFaces, SHOP_FALLBACKS } from './font-fallbacks';

const css = fallbackFontFaces(SHOP_FALLBACKS);
const faces = [...css.matchAll(/@font-face \{ ([^}]*) \}/g)].map(
  (m) =>
    Object.fromEntries(
      (m[1] ?? '')
        .split(/;\s*/)
        .filter(Boolean)
        .map((d) => [d.slice(0, d.indexOf(':')), d.slice(d.indexOf(':') + 1).trim()]),
    ) as Record<string, string>,
);
const face = (family: string, weight: string) => {
  const found = faces.find((f) => f['font-family'] === `'${family}'` && f['font-weight'] === weight);
  if (!found) throw new Error(`no face ${family} ${weight}`);
  return found;
};
const percent = (value: string | undefined) => Number(value?.replace('%', ''));

describe('fallback faces of the web fonts', () => {
  it('resize Arial so that its letters take the width of Jost’s, and its lines the same height', () => {
    const regular = face('Jost fallback: Arial', '100 449');
    // Jost's average letter is 0.428 em wide, Arial's 913/2048 em.
    expect(percent(regular['size-adjust'])).toBeCloseTo((0.428 / (913 / 2048)) * 100, 2);
    // Jost's ascent (1.07 em) over the adjusted size: Arial's box ends where Jost's does.
    expect(percent(regular['ascent-override'])).toBeCloseTo((1.07 / 0.96007) * 100, 1);
    expect(regular.src).toContain("local('Liberation Sans')");
  });

  it('stand in for each weight the shop sets with the face of that weight', () => {
    expect(face('Jost fallback: Arial', '550 900').src).toMatch(/^local\('Arial Bold'\)/);
    expect(face('Jost fallback: Roboto', '550 900').src).toMatch(/^local\('Roboto Bold'\)/);
    // Medium (500) text is wider than regular: its own adjustment.
    expect(percent(face('Jost fallback: Arial', '450 549')['size-adjust'])).toBeGreaterThan(
      percent(face('Jost fallback: Arial', '100 449')['size-adjust']),
    );
    // The Arabic face stands in for itself where the device has it (Android): nothing to adjust.
    const naskh = face('Noto Naskh Arabic fallback: Noto Naskh Arabic', '100 549');
    expect(naskh.src).toMatch(/^local\('Noto Naskh Arabic UI'\)/);
    expect(Object.keys(naskh).filter((key) => /override|adjust/.test(key))).toEqual([]);
  });

  it('list each web font’s fallbacks in order in the custom property the stylesheet uses', () => {
    expect(css).toContain(
      ":root { --font-body-fallback: 'Jost fallback: Arial', 'Jost fallback: Roboto'; --font-display-fallback: 'Cormorant Garamond fallback: Times New Roman'; --font-arabic-fallback: 'Noto Naskh Arabic fallback: Noto Naskh Arabic'; }",
    );
    const tokens = readFileSync(new URL('../../src/styles/tokens.css', import.meta.url), 'utf8');
    const used = new Set([...tokens.matchAll(/var\((--font-[a-z]+-fallback)\)/g)].map((m) => m[1]));
    expect(used).toEqual(new Set(SHOP_FALLBACKS.map((family) => family.variable)));
  });

  it('fail the build for a weight Capsize has no metrics for', () => {
    expect(() =>
      fallbackFontFaces([
        {
          name: 'Jost',
          variable: '--font-body-fallback',
          webFont: metrics.jost,
          weights: [{ range: '100 900', variant: '1000' }],
          locals: [],
        },
      ]),
    ).toThrow('Capsize has no metrics for Jost 1000');
  });
});
