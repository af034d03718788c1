import type { AdminProduct, VariantStockInput } from '@boutique/contracts/admin';
import { SIZES, type Size } from '@boutique/contracts/constants';

/** A first count as the form keeps it: the colour by its value (a new colour has no key yet), typed in any digits. */
export type VariantCount = { color_value: string; size: string; stock?: VariantStockInput['stock'] | string };

/** A colour's value as the API compares it (the contracts' HexColorSchema trims and lowers it). */
export const colorValueOf = (value: string | undefined) => (value ?? '').trim().toLowerCase();

/** The grid's rows: the product's colours by value, or the one row `''` of a product without colours. */
export const gridRows = (colors: readonly { value?: string }[] | undefined): string[] =>
  colors && colors.length > 0 ? colors.map((c) => colorValueOf(c.value)) : [''];

/** The grid's columns: the sizes chosen, in the shop's order. */
export const gridSizes = (sizes: readonly { name?: string }[] | undefined): Size[] =>
  SIZES.filter((s) => (sizes ?? []).some((c) => c.name === s));

/**
 * The pieces already counted for a colour × size of a saved product (they move by stock adjustments only), or
 * undefined when the cell is new: a colour or size added in this form, whose first count the form sends.
 */
export function countedVariant(
  record: Pick<AdminProduct, 'colors' | 'variants'> | undefined,
  colorValue: string,
  size: string,
) {
  if (!record) return undefined;
  const key = colorValue === '' ? '' : record.colors.find((c) => colorValueOf(c.value) === colorValue)?.key;
  if (key === undefined) return undefined;
  return record.variants.find((v) => v.color === key && v.size === size);
}

/**
 * The first counts kept in step with the colours and sizes: a colour whose value was edited in place keeps its
 * counts, and counts of a colour or size no longer in the form go (the API refuses a count naming neither).
 * Returns the same list when nothing changes.
 */
export function followGrid(
  counts: readonly VariantCount[],
  before: readonly string[],
  rows: readonly string[],
  sizes: readonly string[],
): readonly VariantCount[] {
  const renamed = new Map<string, string>();
  if (before.length === rows.length)
    before.forEach((value, i) => {
      if (value !== rows[i]) renamed.set(value, rows[i]!);
    });
  let changed = false;
  const next: VariantCount[] = [];
  for (const count of counts) {
    const color = renamed.get(count.color_value) ?? count.color_value;
    if (!rows.includes(color) || !sizes.includes(count.size)) {
      changed = true;
      continue;
    }
    if (color !== count.color_value) changed = true;
    next.push(color === count.color_value ? count : { ...count, color_value: color });
  }
  return changed ? next : counts;
}
