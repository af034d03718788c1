import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadExport } from '../api/bulk';
import { errorMessage } from './admin-ui';

/** "Export CSV" of a list page: the API's export of what the list's filters pick, downloaded as a file. */
export function ExportButton({
  address,
  query,
  filename,
}: {
  address: string;
  query: Record<string, string | undefined>;
  filename: string;
}) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  async function download() {
    setBusy(true);
    setProblem(undefined);
    try {
      await downloadExport(address, query, filename);
    } catch (error) {
      setProblem(errorMessage(error, t('reports.downloadFailed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button type="button" className="adm-small-btn" disabled={busy} onClick={() => void download()}>
        {busy ? t('reports.exporting') : t('reports.exportCsv')}
      </button>
      {problem && (
        <span className="adm-error" role="alert">
          {problem}
        </span>
      )}
    </>
  );
}
