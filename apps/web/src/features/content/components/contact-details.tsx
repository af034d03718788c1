import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { bootData } from '@/lib/boot';
import {
  FacebookIcon,
  InstagramIcon,
  MailIcon,
  PhoneIcon,
  TiktokIcon,
  WhatsappIcon,
} from '@/components/ui/icons';
import styles from './contact-details.module.css';

/** Ways to reach the shop, all read from the shop details the server writes into the page. */
export function ContactDetails() {
  const { t } = useTranslation('contact');
  const { shop } = bootData();
  const social = [
    { href: shop.instagramUrl, network: 'Instagram', Icon: InstagramIcon },
    { href: shop.facebookUrl, network: 'Facebook', Icon: FacebookIcon },
    { href: shop.tiktokUrl, network: 'TikTok', Icon: TiktokIcon },
  ].filter((link) => link.href);

  return (
    <ul className={styles.details}>
      <Detail icon={<WhatsappIcon size={20} />} title={t('info.whatsappTitle')} highlight>
        <p className={styles.muted}>{t('info.whatsappText')}</p>
        <a
          className={styles.whatsapp}
          href={`https://wa.me/${shop.whatsappNumber.replace(/\D/g, '')}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          <WhatsappIcon size={18} />
          {t('whatsapp.label', { ns: 'common' })}
        </a>
      </Detail>
      <Detail icon={<PhoneIcon size={20} />} title={t('info.phoneTitle')}>
        <a className={styles.link} href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`} dir="ltr">
          {shop.phone}
        </a>
      </Detail>
      <Detail icon={<MailIcon size={20} />} title={t('info.emailTitle')}>
        <a className={styles.link} href={`mailto:${shop.email}`} dir="ltr">
          {shop.email}
        </a>
      </Detail>
      <Detail icon={<ClockIcon />} title={t('info.hoursTitle')}>
        <p>{t('info.hours')}</p>
      </Detail>
      <Detail icon={<InstagramIcon size={20} />} title={t('info.socialTitle')}>
        <p className={styles.muted}>{t('info.socialText')}</p>
        <ul className={styles.social}>
          {social.map(({ href, network, Icon }) => (
            <li key={network}>
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('social.follow', { ns: 'common', network })}
              >
                <Icon size={20} />
              </a>
            </li>
          ))}
        </ul>
      </Detail>
    </ul>
  );
}

interface DetailProps {
  icon: ReactNode;
  title: string;
  highlight?: boolean;
  children: ReactNode;
}

function Detail({ icon, title, highlight, children }: DetailProps) {
  return (
    <li className={[styles.detail, highlight && styles.highlight].filter(Boolean).join(' ')}>
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      <div className={styles.body}>
        <h2 className={styles.title}>{title}</h2>
        {children}
      </div>
    </li>
  );
}

/** The icon set has no clock; drawn in the same 24-unit, 1.6-stroke style. */
function ClockIcon() {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}
