import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueImportReport } from '@boutique/contracts/admin';
import { paths } from '@/config/paths';
import { Button, ButtonLink } from '@/components/ui/button';
import { downloadCatalogue, useCatalogueImport } from '../api/catalogue-csv';
import { AdminPageHeader, errorMessage } from '../components/admin-ui';
import { problemText } from '../components/problems';
import styles from './catalogue-csv-page.module.css';

/**
 * The catalogue in and out as a CSV (docs/catalogue-csv.md): export it, edit it in a spreadsheet, check what an
 * import would change (every refused line with its column), then import it: everything or nothing.
 */
export default function CatalogueCsvPage() {
  const { t } = useTranslation('admin');
  const [file, setFile] = useState<File | null>(null);
  const [pictures, setPictures] = useState<File | null>(null);
  const [checked, setChecked] = useState<{ file: File; pictures: File | null } | null>(null);
  const [exporting, setExporting] = useState<'idle' | 'busy' | 'failed'>('idle');
  const run = useCatalogueImport();
  const report = run.data;
  // Import is offered once the same files passed a check.
  const ready =
    checked !== null &&
    checked.file === file &&
    checked.pictures === pictures &&
    report?.dry_run === true &&
    report.errors.length === 0 &&
    report.changes.length > 0;

  const send = (dryRun: boolean) => {
    if (!file) return;
    run.mutate(
      { file, pictures, dryRun },
      {
        onSuccess: (r) => setChecked(r.dry_run && r.errors.length === 0 ? { file, pictures } : null),
      },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(true);
  };
  const onExport = async () => {
    setExporting('busy');
    try {
      await downloadCatalogue();
      setExporting('idle');
    } catch {
      setExporting('failed');
    }
  };

  return (
    <>
      <AdminPageHeader
        title={t('csvImport.title')}
        subtitle={t('csvImport.subtitle')}
        actions={
          <>
            <ButtonLink to={paths.adminProducts.href()} variant="outline">
              {t('csvImport.back')}
            </ButtonLink>
            <Button variant="dark" onClick={() => void onExport()} disabled={exporting === 'busy'}>
              {exporting === 'busy' ? t('csvImport.exporting') : t('csvImport.export')}
            </Button>
          </>
        }
      />
      <div className="adm-stack">
        {exporting === 'failed' && (
          <p className="adm-error" role="alert">
            {t('csvImport.exportFailed')}
          </p>
        )}
        <form className={`adm-card ${styles.form}`} onSubmit={onSubmit} aria-labelledby="csv-import-title">
          <h2 id="csv-import-title">{t('csvImport.importTitle')}</h2>
          <p className="adm-muted">{t('csvImport.howTo')}</p>
          <div className={styles.files}>
            <div className="adm-field">
              <label htmlFor="csv-file">{t('csvImport.file')}</label>
              <input
                id="csv-file"
                type="file"
                accept=".csv,text/csv"
                required
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            </div>
            <div className="adm-field">
              <label htmlFor="csv-pictures">{t('csvImport.pictures')}</label>
              <input
                id="csv-pictures"
                type="file"
                accept=".zip,application/zip"
                aria-describedby="csv-pictures-hint"
                onChange={(e) => setPictures(e.target.files?.[0] ?? null)}
              />
              <small id="csv-pictures-hint" className="adm-muted">
                {t('csvImport.picturesHint')}
              </small>
            </div>
          </div>
          <div className="adm-actions">
            <Button type="submit" variant="outline" disabled={!file || run.isPending}>
              {run.isPending && run.variables.dryRun ? t('csvImport.checking') : t('csvImport.check')}
            </Button>
            <Button
              type="button"
              variant="dark"
              disabled={!ready || run.isPending}
              onClick={() => send(false)}
            >
              {run.isPending && !run.variables.dryRun ? t('csvImport.importing') : t('csvImport.import')}
            </Button>
          </div>
          {!ready && file && !run.isPending && <p className="adm-muted">{t('csvImport.checkFirst')}</p>}
        </form>
        {run.isError && (
          <p className="adm-error" role="alert">
            {errorMessage(run.error, t('csvImport.failed'))}
          </p>
        )}
        {report && !run.isPending && <Report report={report} />}
      </div>
    </>
  );
}

function Report({ report }: { report: CatalogueImportReport }) {
  const { t } = useTranslation('admin');
  const refused = report.errors.length > 0;
  const lines = new Set(report.errors.map((e) => e.line)).size;
  return (
    <section className="adm-stack" aria-live="polite" data-testid="csv-report">
      <p className={refused ? 'adm-error' : 'adm-notice'} role={refused ? 'alert' : 'status'}>
        {refused
          ? t(report.dry_run ? 'csvImport.refusedCheck' : 'csvImport.refused', { count: lines })
          : report.dry_run
            ? t('csvImport.checked')
            : t('csvImport.done')}
      </p>
      <div className="adm-kpis">
        {(['created', 'updated', 'unchanged'] as const).map((k) => (
          <div key={k} className="adm-kpi">
            <span>{t(`csvImport.${k}`)}</span>
            <strong dir="ltr">{report[k]}</strong>
          </div>
        ))}
      </div>
      {refused && (
        <div className="adm-table-wrap">
          <table className="adm-table" data-testid="csv-errors">
            <caption className={styles.caption}>{t('csvImport.errors')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('csvImport.line')}</th>
                <th scope="col">{t('csvImport.column')}</th>
                <th scope="col">{t('csvImport.problem')}</th>
              </tr>
            </thead>
            <tbody>
              {report.errors.map((e, i) => (
                <tr key={`${e.line}-${e.column}-${i}`}>
                  <th scope="row" className="adm-num">
                    {e.line === 0 ? t('csvImport.zipFile') : <span dir="ltr">{e.line}</span>}
                  </th>
                  <td>
                    <code dir="ltr">{e.column || '—'}</code>
                  </td>
                  <td className="adm-wrap">
                    <strong>
                      {t(`csvImport.codes.${e.code}`, { defaultValue: t('csvImport.codes.invalid') })}
                    </strong>
                    <br />
                    <ProblemDetail message={e.message} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {report.changes.length > 0 && (
        <div className="adm-table-wrap">
          <table className="adm-table" data-testid="csv-changes">
            <caption className={styles.caption}>
              {report.dry_run ? t('csvImport.wouldChange') : t('csvImport.changed')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('csvImport.line')}</th>
                <th scope="col">{t('csvImport.slug')}</th>
                <th scope="col">{t('csvImport.action')}</th>
                <th scope="col">{t('csvImport.fields')}</th>
              </tr>
            </thead>
            <tbody>
              {report.changes.map((c) => (
                <tr key={c.slug}>
                  <th scope="row" className="adm-num">
                    <span dir="ltr">{c.line}</span>
                  </th>
                  <td className="adm-wrap">
                    <bdi>{c.slug}</bdi>
                  </td>
                  <td>{t(`csvImport.actions.${c.action}`)}</td>
                  <td className="adm-wrap">
                    <bdi>{c.fields.join(', ')}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The server's detail in the owner's language where the back office knows its words, else as written. */
function ProblemDetail({ message }: { message: string }) {
  const { t } = useTranslation('admin');
  const text = problemText(message, t);
  return (
    <span className="adm-muted" dir="auto" lang={text === message ? 'en' : undefined}>
      {text}
    </span>
  );
}
