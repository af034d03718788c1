import { useTranslation } from 'react-i18next';
import type { SocialProviderName } from '@boutique/contracts/constants';
import { socialStartUrl } from '@/config/paths';
import { currentLanguage } from '@/lib/i18n';
import { authRedirect } from '@/lib/session/redirect';
import { useProviders } from '../api/get-providers';
import styles from './auth.module.css';

/** Continue with Google, Apple or Facebook: only the providers the shop is set up for. */
export function SocialButtons({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation('auth');
  const { data: providers } = useProviders();
  if (providers.length === 0) return null;

  const start = (provider: SocialProviderName) => {
    // A full trip to the provider and back: the page to return to waits in this tab's storage.
    authRedirect.remember(returnTo);
    location.assign(socialStartUrl(provider, location.origin, currentLanguage()));
  };

  return (
    <div className={styles.social}>
      <p className={styles.divider}>
        <span>{t('social.divider')}</span>
      </p>
      <div className={styles.socialButtons}>
        {providers.map((provider) => (
          <button
            key={provider}
            type="button"
            className={styles.socialButton}
            onClick={() => start(provider)}
          >
            <ProviderLogo provider={provider} />
            <span>{t('social.continueWith', { provider: t(`social.providers.${provider}`) })}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

function ProviderLogo({ provider }: { provider: SocialProviderName }) {
  switch (provider) {
    case 'google':
      return (
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="#4285F4"
            d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7Z"
          />
          <path
            fill="#34A853"
            d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z"
          />
          <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
          <path
            fill="#EA4335"
            d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A11.5 11.5 0 0 0 12 0 12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9Z"
          />
        </svg>
      );
    case 'apple':
      return (
        <svg
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="currentColor"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M16.4 12.7c0-2.6 2.1-3.8 2.2-3.9a4.8 4.8 0 0 0-3.8-2c-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9a5 5 0 0 0-4.2 2.6c-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8s2.3-1.3 3.1-2.5c1-1.4 1.4-2.8 1.4-2.9 0 0-2.6-1-2.6-4.1ZM13.9 5.1c.7-.9 1.2-2 1-3.1-1 0-2.2.7-2.9 1.5-.6.7-1.2 1.9-1 3 1.1.1 2.2-.6 2.9-1.4Z" />
        </svg>
      );
    case 'facebook':
      return (
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="12" fill="#1877F2" />
          <path
            fill="#fff"
            d="M13.4 24v-8.4h2.8l.4-3.3h-3.2v-2c0-1 .3-1.6 1.6-1.6h1.7V5.8a23 23 0 0 0-2.5-.1c-2.5 0-4.2 1.5-4.2 4.3v2.4H7.2v3.3H10V24h3.4Z"
          />
        </svg>
      );
  }
}
