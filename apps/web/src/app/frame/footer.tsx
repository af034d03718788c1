import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { bootData } from '@/lib/boot';
import { PaymentLogos } from '@/components/payment-logos';
import { MailIcon, PhoneIcon } from '@/components/ui/icons';
import { LanguageSelect, SocialLinks } from './top-bar';
import { Logo } from './logo';
import styles from './frame.module.css';

/** A titled column of links: the footer's menu and support columns. */
function FooterColumn({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: [href: string, label: string][];
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={styles.footerHeading}>
        {title}
      </h2>
      <ul className={styles.footerList}>
        {links.map(([href, label]) => (
          <li key={href}>
            <Link to={href}>{label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

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
        <FooterColumn
          id="footer-menu"
          title={t('footer.menu')}
          links={[
            [paths.ourStory.href(), t('nav.ourStory')],
            [paths.collection.href('caftan'), t('nav.caftans')],
            [paths.collection.href('jellaba'), t('nav.jellabas')],
          ]}
        />
        <FooterColumn
          id="footer-support"
          title={t('footer.support')}
          links={[
            [paths.faq.href(), t('nav.faq')],
            [paths.shipping.href(), t('nav.shipping')],
            [paths.sizeGuide.href(), t('nav.sizeGuide')],
            [paths.contact.href(), t('nav.contact')],
          ]}
        />
        <FooterColumn
          id="footer-legal"
          title={t('footer.legal')}
          links={[
            [paths.terms.href(), t('nav.terms')],
            [paths.returns.href(), t('nav.returns')],
            [paths.privacy.href(), t('nav.privacy')],
          ]}
        />
        <section aria-labelledby="footer-contact" className={styles.footerReach}>
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
