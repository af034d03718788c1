import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@boutique/contracts/constants';
import { bootData } from '@/lib/boot';
import { changeLanguage } from '@/lib/i18n';
import { setTheme, useTheme } from '@/lib/theme';
import {
  FacebookIcon,
  GlobeIcon,
  InstagramIcon,
  MoonIcon,
  SunIcon,
  TiktokIcon,
  TruckIcon,
} from '@/components/ui/icons';
import styles from './frame.module.css';

export function SocialLinks({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { shop } = bootData();
  const links = [
    { href: shop.instagramUrl, label: 'Instagram', Icon: InstagramIcon },
    { href: shop.facebookUrl, label: 'Facebook', Icon: FacebookIcon },
    { href: shop.tiktokUrl, label: 'TikTok', Icon: TiktokIcon },
  ];
  return (
    <ul className={[styles.social, className].filter(Boolean).join(' ')}>
      {links.map(({ href, label, Icon }) => (
        <li key={label}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('social.follow', { network: label })}
          >
            <Icon size={18} />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function LanguageSelect({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  return (
    <label className={styles.language} htmlFor={id}>
      <GlobeIcon size={16} />
      <span className="visually-hidden">{t('topbar.language')}</span>
      <select
        id={id}
        value={i18n.language}
        onChange={(event) => changeLanguage(event.target.value as Language)}
      >
        {[...LANGUAGES]
          .sort((a, b) => ['ar', 'en', 'fr'].indexOf(a) - ['ar', 'en', 'fr'].indexOf(b))
          .map((lng) => (
            <option key={lng} value={lng} lang={lng}>
              {t(`languages.${lng}`)}
            </option>
          ))}
      </select>
    </label>
  );
}

function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={styles.themeToggle}
      aria-pressed={theme === 'dark'}
      aria-label={t('topbar.darkMode')}
      onClick={() => setTheme(next)}
    >
      {theme === 'dark' ? <SunIcon size={16} /> : <MoonIcon size={16} />}
    </button>
  );
}

export function TopBar() {
  const { t } = useTranslation();
  return (
    <div className={styles.topBar}>
      <div className={`container ${styles.topBarInner}`}>
        <SocialLinks className={styles.topBarSocial} />
        <p className={styles.shippingLine}>
          <TruckIcon size={16} />
          {/* The short line on a phone: the long one wraps in French and squeezes the controls beside it. */}
          <span className={styles.shippingLong}>{t('topbar.shipping')}</span>
          <span className={styles.shippingShort}>{t('topbar.shippingShort')}</span>
        </p>
        <div className={styles.topBarEnd}>
          <ThemeToggle />
          <LanguageSelect id="topbar-language" />
        </div>
      </div>
    </div>
  );
}
