import { useTranslation } from 'react-i18next';
import type { AdminProduct } from '@boutique/contracts/admin';
import type { Language } from '@boutique/contracts/constants';
import { useStockRequests } from '../api/stock-requests';
import { QueryState } from '../components/admin-ui';

/** Shoppers waiting for a sold-out colour × size of the product: each gets one e-mail when pieces come in. */
export function StockRequestsPanel({ product }: { product: AdminProduct }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language as Language;
  const query = useStockRequests(product.id);
  const withColors = product.colors.length > 0;
  const colorName = (key: string) => {
    const color = product.colors.find((c) => c.key === key);
    return color ? color.name[lang] || color.name.en : key;
  };
  return (
    <section
      className="adm-card adm-stack"
      aria-labelledby="stock-requests-title"
      data-testid="stock-requests"
    >
      <h2 id="stock-requests-title">{t('alerts.waitingTitle')}</h2>
      <p className="adm-muted">{t('alerts.waitingHint')}</p>
      {!query.data ? (
        <QueryState error={query.error} retry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p>{t('alerts.waitingNone')}</p>
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                {withColors && <th scope="col">{t('alerts.color')}</th>}
                <th scope="col">{t('alerts.size')}</th>
                <th scope="col">{t('alerts.waiting')}</th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((w) => (
                <tr key={`${w.color}/${w.size}`}>
                  {withColors && (
                    <th scope="row">
                      <bdi>{colorName(w.color)}</bdi>
                    </th>
                  )}
                  {withColors ? <td>{w.size}</td> : <th scope="row">{w.size}</th>}
                  <td className="adm-num">{w.waiting}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
