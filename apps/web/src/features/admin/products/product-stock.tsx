import { useEffect, useRef } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AdminProduct, ProductCreate } from '@boutique/contracts/admin';
import { parseWholeNumber, type Language } from '@boutique/contracts/constants';
import { ltrInputClass } from '@/components/ui/field';
import { FieldProblem } from './product-fields';
import type { ProductFormValues } from './product-values';
import {
  colorValueOf,
  countedVariant,
  followGrid,
  gridRows,
  gridSizes,
  type VariantCount,
} from './variant-grid';

/**
 * Pieces per colour × size (DESIGN 17, Variants): rows are the colours, columns the sizes. A new product gets a
 * first count in every cell; a saved one shows each counted cell's pieces (and what payments hold), which move
 * under Stock by adjustments only (decision 028), and takes a first count for the cells this form adds (a new
 * colour or size). On a phone the grid scrolls sideways within itself, its colour column staying in view.
 */
export function ProductStock({
  control,
  record,
  problem,
}: {
  control: Control<ProductFormValues, unknown, ProductCreate>;
  record: AdminProduct | undefined;
  problem: (path: string) => string | undefined;
}) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const colors = useWatch({ control, name: 'colors' });
  const sizes = useWatch({ control, name: 'sizes' });
  const rows = gridRows(colors);
  const columns = gridSizes(sizes);
  const rowName = (index: number) => {
    const color = colors?.[index];
    if (!color) return t('form.noColor');
    return color.name?.[lang]?.trim() || color.name?.en?.trim() || t('form.colorPicker', { n: index + 1 });
  };

  return (
    <fieldset className="adm-fieldset">
      <legend id="stock-grid-title">{t('form.stockGrid')}</legend>
      <p className="adm-muted">{record ? t('form.stockGridSaved') : t('form.stockGridNew')}</p>
      {columns.length === 0 ? (
        <p className="adm-muted">{t('form.stockGridNoSize')}</p>
      ) : (
        <Controller
          control={control}
          name="variants"
          render={({ field }) => (
            <Grid
              counts={field.value ?? []}
              onCounts={field.onChange}
              rows={rows}
              columns={columns}
              rowName={rowName}
              swatch={(index) => colors?.[index]?.value}
              record={record}
              problem={problem}
            />
          )}
        />
      )}
      <FieldProblem id="product-variants-error" text={problem('variants') ?? problem('variants.root')} />
    </fieldset>
  );
}

function Grid({
  counts,
  onCounts,
  rows,
  columns,
  rowName,
  swatch,
  record,
  problem,
}: {
  counts: VariantCount[];
  onCounts: (counts: VariantCount[]) => void;
  rows: string[];
  columns: string[];
  rowName: (index: number) => string;
  swatch: (index: number) => string | undefined;
  record: AdminProduct | undefined;
  problem: (path: string) => string | undefined;
}) {
  const { t } = useTranslation('admin');
  // The counts follow the colours and sizes: edited in place, a colour keeps its counts; removed, they go.
  const shown = useRef(rows);
  const rowsKey = rows.join(' ');
  const columnsKey = columns.join(' ');
  useEffect(() => {
    const next = followGrid(counts, shown.current, rows, columns);
    shown.current = rows;
    if (next !== counts) onCounts([...next]);
    // Only a change of the rows or columns moves the counts (rows and columns are new lists each render).
  }, [rowsKey, columnsKey]);

  const setCount = (color_value: string, size: string, typed: string) => {
    const others = counts.filter((c) => !(c.color_value === color_value && c.size === size));
    // An empty cell starts at 0: it is not sent.
    onCounts(typed.trim() === '' ? others : [...others, { color_value, size, stock: typed }]);
  };
  const plain = rows.length === 1 && rows[0] === '';

  return (
    <div className="adm-table-wrap">
      <table className="adm-table adm-stock-grid" aria-labelledby="stock-grid-title">
        <thead>
          <tr>
            <th scope="col">{t('stock.color')}</th>
            {columns.map((size) => (
              <th key={size} scope="col">
                {size}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              <th scope="row">
                <span className="adm-grid-color">
                  {swatch(rowIndex) && (
                    <span className="adm-dot" style={{ background: swatch(rowIndex) }} aria-hidden="true" />
                  )}
                  <bdi>{rowName(rowIndex)}</bdi>
                </span>
              </th>
              {columns.map((size) => {
                const counted = countedVariant(record, row, size);
                if (counted)
                  return (
                    <td key={size} className="adm-num" data-testid={`grid-${rowIndex}-${size}`}>
                      {counted.stock}
                      {counted.reserved > 0 && (
                        <span className="adm-muted adm-grid-held">
                          {t('form.heldShort', { count: counted.reserved })}
                        </span>
                      )}
                    </td>
                  );
                const index = counts.findIndex((c) => c.color_value === row && c.size === size);
                const typed = index >= 0 ? String(counts[index]!.stock ?? '') : '';
                const understood = parseWholeNumber(typed);
                const id = plain ? `product-stock-${size}` : `product-stock-${rowIndex}-${size}`;
                const cellProblem = index >= 0 ? problem(`variants.${index}.stock`) : undefined;
                return (
                  <td key={size}>
                    <label htmlFor={id} className="visually-hidden">
                      {plain
                        ? t('form.stockOf', { size })
                        : t('form.stockOfVariant', { color: rowName(rowIndex), size })}
                    </label>
                    <input
                      id={id}
                      className={`${ltrInputClass} adm-grid-input`}
                      inputMode="numeric"
                      autoComplete="off"
                      dir="ltr"
                      placeholder="0"
                      value={typed}
                      aria-invalid={cellProblem ? true : undefined}
                      aria-describedby={`${id}-understood${cellProblem ? ` ${id}-error` : ''}`}
                      onChange={(e) => setCount(colorValueOf(row), size, e.target.value)}
                    />
                    <span id={`${id}-understood`} className="adm-live-price" aria-live="polite" dir="ltr">
                      {typed === ''
                        ? ''
                        : understood === undefined || understood < 0
                          ? '—'
                          : `= ${understood}`}
                    </span>
                    <FieldProblem id={`${id}-error`} text={cellProblem} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
