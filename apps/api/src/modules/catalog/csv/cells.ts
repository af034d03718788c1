/**
 * The CSV's cells as a spreadsheet must read them (docs/catalogue-csv.md): a cell that starts like a formula is
 * written with a leading apostrophe (csv-stringify's `escape_formulas`), which reading takes off again; lists
 * live one item a line in one cell.
 */

/** What Excel, LibreOffice and Google Sheets take as the start of a formula (or of a DDE payload). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Takes back the apostrophe `escape_formulas` put before a formula-like cell; any other apostrophe is kept. */
export const restore = (cell: string) =>
  cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;

/** The items of a list cell, one a line (blank lines ignored). */
export const linesOf = (cell: string) =>
  cell
    .split(/\r\n|\n|\r/)
    .map((l) => l.trim())
    .filter(Boolean);

/** A picture of the `pictures` cell: a file name of the zip (or an http(s) address), with the colour it shows. */
export interface PictureRef {
  name: string;
  /** The colour's hex value (`#1f6b4f`), or null for none in particular. */
  color: string | null;
}

/** `#1f6b4f front.jpg` (a colour, a space, the name) or `front.jpg`, one a line. */
export function picturesOf(cell: string): PictureRef[] {
  return linesOf(cell).map((line) => {
    const m = /^(#[0-9a-fA-F]{6})\s+(.+)$/.exec(line);
    return m ? { name: m[2]!.trim(), color: m[1]!.toLowerCase() } : { name: line, color: null };
  });
}

export const pictureCell = (pictures: PictureRef[]) =>
  pictures.map((p) => (p.color ? `${p.color} ${p.name}` : p.name)).join('\n');

/** `true`/`false` as written; `yes`/`no`, `1`/`0` accepted. Anything else is left for the schema to refuse. */
export function booleanOf(cell: string): boolean | string {
  const v = cell.trim().toLowerCase();
  if (['true', 'yes', '1'].includes(v)) return true;
  if (['false', 'no', '0', ''].includes(v)) return false;
  return cell;
}
