import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify';

/** A cell of an export: text as is, numbers as numbers, nothing as an empty cell. */
export type CsvCell = string | number | null;

/**
 * An export as Excel opens it with Arabic text right: UTF-8 with a byte order mark, CRLF line ends, a header row,
 * and every cell starting with = + - @ tab or CR given a leading apostrophe, so a name typed as `=HYPERLINK(…)`
 * stays text (CSV injection). `rows` is read as the client takes the answer: a page of the database at a time,
 * never the whole export in memory.
 */
export function sendCsv(
  reply: FastifyReply,
  filename: string,
  header: string[],
  rows: AsyncIterable<CsvCell[]>,
): FastifyReply {
  const csv = stringify({ bom: true, record_delimiter: 'windows', escape_formulas: true });
  const source = Readable.from(withHeader(header, rows));
  source.on('error', (err) => csv.destroy(err));
  source.pipe(csv);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(csv);
}

async function* withHeader(header: string[], rows: AsyncIterable<CsvCell[]>) {
  yield header;
  for await (const row of rows) yield row;
}
