import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { formatDate, formatMoney } from '@/lib/format';
import { useAdminCustomer } from '../api/customers';
import { NotesCard } from '../components/desk/notes-card';
import { TagsCard } from '../components/desk/tags-card';
import { AdminPageHeader, OrderStatusBadge, QueryState, formatDateTime } from '../components/admin-ui';

/** One account: who, its tags and the staff's notes, its orders and its saved addresses (read only). */
export default function CustomerPage() {
  const { id } = useParams();
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const query = useAdminCustomer(Number(id));
  if (!query.data) return <QueryState error={query.error} retry={() => void query.refetch()} />;
  const { customer, orders, addresses, tags_version } = query.data;
  return (
    <>
      <AdminPageHeader
        title={customer.name || customer.email}
        subtitle={t('customers.sinceDate', { date: formatDate(customer.created_at, lang) })}
      />
      <div className="adm-kpis">
        <div className="adm-kpi">
          <span>{t('customers.email')}</span>
          <bdi dir="ltr">{customer.email}</bdi>
        </div>
        <div className="adm-kpi">
          <span>{t('customers.orders')}</span>
          <strong>{customer.orders_count}</strong>
        </div>
        <div className="adm-kpi">
          <span>{t('customers.spent')}</span>
          <strong>
            <bdi>{formatMoney(customer.total_spent, lang)}</bdi>
          </strong>
        </div>
      </div>
      <div className="adm-grid">
        <TagsCard customerId={customer.id} tags={customer.tags} version={tags_version} />
        <NotesCard subject={{ kind: 'customer', id: customer.id }} />
        <section className="adm-card" aria-labelledby="customer-orders">
          <h2 id="customer-orders">{t('customers.orders')}</h2>
          {orders.length === 0 ? (
            <p className="adm-muted">{t('customers.noOrders')}</p>
          ) : (
            <ul className="adm-list">
              {orders.map((order) => (
                <li key={order.id}>
                  <span>
                    <Link to={paths.adminOrder.href(order.id)}>
                      <bdi>{order.order_number}</bdi>
                    </Link>
                    <br />
                    <span className="adm-muted adm-num">{formatDateTime(order.created_at, lang)}</span>
                  </span>
                  <span>
                    <OrderStatusBadge status={order.fulfillment_status} />{' '}
                    <span className="adm-num">{formatMoney(order.total_amount, lang)}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="adm-card" aria-labelledby="customer-addresses">
          <h2 id="customer-addresses">{t('customers.addresses')}</h2>
          {addresses.length === 0 ? (
            <p className="adm-muted">{t('customers.noAddresses')}</p>
          ) : (
            <ul className="adm-list">
              {addresses.map((address) => (
                <li key={address.id}>
                  <address style={{ fontStyle: 'normal' }}>
                    <bdi>{address.name}</bdi>
                    {address.is_default && <span className="adm-badge"> {t('customers.default')}</span>}
                    <br />
                    <bdi>{address.address}</bdi>
                    <br />
                    <bdi>
                      {[address.city, address.postalCode, address.country].filter(Boolean).join(', ')}
                    </bdi>
                    <br />
                    <bdi dir="ltr">{address.phone}</bdi>
                  </address>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
