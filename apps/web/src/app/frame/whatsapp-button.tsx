import { useTranslation } from 'react-i18next';
import { bootData } from '@/lib/boot';
import { WhatsappIcon } from '@/components/ui/icons';
import styles from './frame.module.css';

export function WhatsappButton() {
  const { t } = useTranslation();
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
