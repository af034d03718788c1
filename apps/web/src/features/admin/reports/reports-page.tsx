import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_BULK_API, VatReportQuerySchema, type VatRow } from '@boutique/contracts/admin-bulk';
import { shopDay, type Language } from '@boutique/contracts/constants';
import { Button } from '@/components/ui/button';
import { SelectBox, inputClass } from '@/components/ui/field';
import { shopTimeZone } from '@/lib/boot';
import { formatMoney } from '@/lib/format';
import { downloadExport, useVatReport } from '../api/bulk';
import { AdminPageHeader, QueryState, errorMessage } from '../components/admin-ui';

const FIGURES = [
  'sales',
  'net',
  'vat_goods',
  'vat_shipping',
  'vat',
  'refunded',
  'refunded_vat',
  'vat_due',
] as const;

/**
 * The accountant's page: the VAT report of a chosen period, per month or day of the shop's calendar, as a
 * table and as a CSV to download. Its figures are the invoices' and credit notes' (the API's report).
 */
export default function ReportsPage() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const id = useId();
  const zone = shopTimeZone();
  const today = shopDay(new Date(), zone);
  const [form, setForm] = useState({ from: `${today.slice(0, 4)}-01-01`, to: today, group: 'month' });
  const parsed = VatReportQuerySchema.safeParse(form);
  const report = useVatReport(parsed.success ? parsed.data : undefined);
  const [downloadProblem, setDownloadProblem] = useState<string>();
  const money = (amount: string) => formatMoney(amount, lang, { cents: true });

  async function download() {
    if (!parsed.success) return;
    setDownloadProblem(undefined);
    try {
      await downloadExport(ADMIN_BULK_API.vatCsv, parsed.data, `vat-${form.from}-${form.to}.csv`);
    } catch (error) {
      setDownloadProblem(errorMessage(error, t('reports.downloadFailed')));
    }
  }

  const periodLabel = (row: VatRow) =>
    row.period === 'total'
      ? t('reports.total')
      : new Intl.DateTimeFormat(lang, {
          year: 'numeric',
          month: 'long',
          ...(row.period.length > 7 && { day: 'numeric' }),
          timeZone: 'UTC',
        }).format(new Date(row.period.length > 7 ? row.period : `${row.period}-01`));

  return (
    <>
      <AdminPageHeader
        title={t('reports.title')}
        subtitle={t('reports.subtitle', { zone })}
        actions={
          <Button variant="dark" onClick={() => void download()} disabled={!parsed.success}>
            {t('reports.download')}
          </Button>
        }
      />
      <div className="adm-filters" role="search">
        {(['from', 'to'] as const).map((bound) => (
          <div key={bound} className="adm-field">
            <label htmlFor={`${id}-${bound}`}>{t(`reports.${bound}`)}</label>
            <input
              id={`${id}-${bound}`}
              type="date"
              className={inputClass}
              value={form[bound]}
              min={bound === 'to' ? form.from : undefined}
              max={bound === 'from' ? form.to : today}
              onChange={(e) => setForm((now) => ({ ...now, [bound]: e.target.value }))}
            />
          </div>
        ))}
        <div className="adm-field">
          <label htmlFor={`${id}-group`}>{t('reports.group')}</label>
          <SelectBox
            id={`${id}-group`}
            value={form.group}
            onChange={(e) => setForm((now) => ({ ...now, group: e.target.value }))}
          >
            <option value="month">{t('reports.byMonth')}</option>
            <option value="day">{t('reports.byDay')}</option>
          </SelectBox>
        </div>
      </div>
      {!parsed.success && (
        <p className="adm-error" role="alert">
          {t('reports.badPeriod')}
        </p>
      )}
      {downloadProblem && (
        <p className="adm-error" role="alert">
          {downloadProblem}
        </p>
      )}
      {parsed.success &&
        (report.data ? (
          <div className="adm-table-wrap" tabIndex={0} role="region" aria-label={t('reports.title')}>
            <table className="adm-table adm-report-table">
              <thead>
                <tr>
                  <th scope="col">{t('reports.period')}</th>
                  <th scope="col">{t('reports.orders')}</th>
                  {FIGURES.map((f) => (
                    <th key={f} scope="col">
                      {t(`reports.figures.${f}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.data.rows.map((row) => (
                  <tr key={row.period}>
                    <td>{periodLabel(row)}</td>
                    <td className="adm-num">{row.orders.toLocaleString(lang)}</td>
                    {FIGURES.map((f) => (
                      <td key={f} className="adm-num">
                        {money(row[f])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <td>{periodLabel(report.data.totals)}</td>
                  <td className="adm-num">{report.data.totals.orders.toLocaleString(lang)}</td>
                  {FIGURES.map((f) => (
                    <td key={f} className="adm-num">
                      {money(report.data.totals[f])}
                    </td>
                  ))}
                </tr>
              </tfoot>
            </table>
          </div>
        ) : (
          <QueryState error={report.error} retry={() => void report.refetch()} />
        ))}
    </>
  );
}
