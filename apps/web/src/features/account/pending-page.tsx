import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { PageMeta } from '@/components/page-meta';
import { ButtonLink } from '@/components/ui/button';
import { PackageIcon } from '@/components/ui/icons';
import { AccountLayout } from './components/account-layout';
import styles from './components/account.module.css';

/**
 * Stands in for the orders, checkout and order-confirmation pages until they are built: the routes are already
 * signed-in only, so the guard's redirect to login and back can be used and tested now.
 */
export default function PendingPage({ page }: { page: 'orders' | 'checkout' | 'orderConfirmation' }) {
  const { t } = useTranslation('account');
  return (
    <AccountLayout title={t(`pending.${page}.title`)}>
      <PageMeta title={t(`pending.${page}.title`)} />
      <meta name="robots" content="noindex" />
      <div className={styles.pending}>
        <PackageIcon size={36} />
        <p>{t(`pending.${page}.text`)}</p>
        <ButtonLink to={paths.collections.href()} variant="outline">
          {t('pending.browse')}
        </ButtonLink>
      </div>
    </AccountLayout>
  );
}
