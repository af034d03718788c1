import { matchPath, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { bootData } from '@/lib/boot';
import { WhatsappIcon } from '@/components/ui/icons';
import styles from './frame.module.css';

/**
 * Pages without the floating button: the product page has its own "Order on WhatsApp" link and a phone's whole
 * width for its title and buttons, forms (cart, checkout, account) and the invoice's amounts must not be covered.
 */
const QUIET_PAGES = [
  paths.product,
  paths.cart,
  paths.checkout,
  paths.orderConfirmation,
  paths.login,
  paths.register,
  paths.forgotPassword,
  paths.resetPassword,
  paths.verifyEmail,
  paths.socialCallback,
  paths.security,
  paths.twoFactor,
  paths.orders,
  paths.invoice,
  paths.profile,
  paths.addresses,
].map((page) => page.path);

export const showsFloatingWhatsapp = (pathname: string) =>
  !QUIET_PAGES.some((pattern) => matchPath(pattern, pathname));

export function WhatsappButton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (!showsFloatingWhatsapp(pathname)) return null;
  const message = encodeURIComponent(t('whatsapp.greeting'));
  return (
    <a
      className={styles.whatsapp}
      href={`https://wa.me/${bootData().shop.whatsappNumber}?text=${message}`}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('whatsapp.label')}
    >
      <WhatsappIcon size={28} />
    </a>
  );
}
