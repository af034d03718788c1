import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { PageMeta } from '@/components/page-meta';
import { ActionButton } from './components/action-button';
import { Ornament } from '@/components/ui/ornament';
import styles from './not-found-page.module.css';

/** Any unknown path; catalogue pages render it too for an unknown product or collection. */
export default function NotFoundPage() {
  const { t } = useTranslation('notFound');
  const navigate = useNavigate();

  // A visitor who opened the link in a new tab has nowhere to go back to: take them home instead.
  const goBack = () => void (window.history.length > 1 ? navigate(-1) : navigate(paths.home.href()));

  return (
    <>
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <meta name="robots" content="noindex" />
      <section className={styles.page}>
        <div className={`container ${styles.inner}`}>
          <Ornament />
          <h1 className={styles.title}>{t('title')}</h1>
          <p className={styles.text}>{t('text')}</p>
          <div className={styles.actions}>
            <ActionButton onClick={goBack}>{t('back')}</ActionButton>
            <ActionButton to={paths.home.href()} variant="light">
              {t('home')}
            </ActionButton>
          </div>
        </div>
      </section>
    </>
  );
}
