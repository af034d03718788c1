import { useTranslation } from 'react-i18next';
import { CheckIcon } from '@/components/ui/icons';
import styles from './checkout.module.css';

const STEPS = ['address', 'payment'] as const;

/** 1 shipping and address, 2 payment; the current one is marked for assistive technology too. */
export function StepIndicator({ current }: { current: 1 | 2 }) {
  const { t } = useTranslation('checkout');
  return (
    <ol className={styles.steps} aria-label={t('steps.label')}>
      {STEPS.map((step, index) => {
        const number = index + 1;
        const state = number < current ? 'done' : number === current ? 'current' : 'todo';
        return (
          <li
            key={step}
            className={styles.stepItem}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className={styles.stepNumber} aria-hidden="true">
              {state === 'done' ? <CheckIcon size={16} /> : number}
            </span>
            <span>
              <span className="visually-hidden">{t('steps.stepOf', { number, total: STEPS.length })} </span>
              {t(`steps.${step}`)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
