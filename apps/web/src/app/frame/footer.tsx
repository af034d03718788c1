import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { bootData } from '@/lib/boot';
import { PaymentLogos } from '@/components/payment-logos';
import { MailIcon, PhoneIcon } from '@/components/ui/icons';
import { LanguageSelect, SocialLinks } from './top-bar';
import { Logo } from './logo';
import styles from './frame.module.css';

export function Footer() {
  const { t } = useTranslation();
  const { shop } = bootData();
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.footerGrid}`}>
        <section className={styles.footerAbout}>
          <Logo />
          <p>{t('footer.about')}</p>
        </section>
        <nav aria-labelledby="footer-menu">
          <h2 id="footer-menu" className={styles.footerHeading}>
            {t('footer.menu')}
          </h2>
          <ul className={styles.footerList}>
            <li>
              <Link to={paths.ourStory.href()}>{t('nav.ourStory')}</Link>
            </li>
            <li>
              <Link to={paths.collection.href('caftan')}>{t('nav.caftans')}</Link>
            </li>
            <li>
              <Link to={paths.collection.href('jellaba')}>{t('nav.jellabas')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-support">
          <h2 id="footer-support" className={styles.footerHeading}>
            {t('footer.support')}
          </h2>
          <ul className={styles.footerList}>
            <li>
              <Link to={paths.faq.href()}>{t('nav.faq')}</Link>
            </li>
            <li>
              <Link to={paths.shipping.href()}>{t('nav.shipping')}</Link>
            </li>
            <li>
              <Link to={paths.sizeGuide.href()}>{t('nav.sizeGuide')}</Link>
            </li>
            <li>
              <Link to={paths.contact.href()}>{t('nav.contact')}</Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.footerHeading}>
            {t('footer.contact')}
          </h2>
          <ul className={styles.footerList}>
            <li>
              <a href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`} className={styles.footerContact}>
                <PhoneIcon size={16} />
                <bdi dir="ltr">{shop.phone}</bdi>
              </a>
            </li>
            <li>
              <a href={`mailto:${shop.email}`} className={styles.footerContact}>
                <MailIcon size={16} />
                <bdi dir="ltr">{shop.email}</bdi>
              </a>
            </li>
          </ul>
          <SocialLinks className={styles.footerSocial} />
          <h3 className="visually-hidden">{t('footer.payments')}</h3>
          <PaymentLogos />
        </section>
      </div>
      <div className={`container ${styles.footerBottom}`}>
        <p>{t('footer.copyright', { year, name: shop.name })}</p>
        <p>{t('footer.credit')}</p>
        <LanguageSelect id="footer-language" />
      </div>
    </footer>
  );
}
