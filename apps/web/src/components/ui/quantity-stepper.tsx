import { MinusIcon, PlusIcon } from './icons';
import styles from './quantity-stepper.module.css';

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  /** Accessible name of the group, e.g. "Quantity of Zahra Caftan". */
  label: string;
  decreaseLabel: string;
  increaseLabel: string;
  min?: number;
  max?: number;
  size?: 'sm' | 'md';
  disabled?: boolean;
}

export function QuantityStepper({
  value,
  onChange,
  label,
  decreaseLabel,
  increaseLabel,
  min = 1,
  max = 99,
  size = 'md',
  disabled = false,
}: QuantityStepperProps) {
  return (
    <div className={`${styles.stepper} ${styles[size]}`} role="group" aria-label={label}>
      <button
        type="button"
        aria-label={decreaseLabel}
        disabled={disabled || value <= min}
        onClick={() => onChange(value - 1)}
      >
        <MinusIcon size={size === 'sm' ? 14 : 16} />
      </button>
      <output aria-live="polite">{value}</output>
      <button
        type="button"
        aria-label={increaseLabel}
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        <PlusIcon size={size === 'sm' ? 14 : 16} />
      </button>
    </div>
  );
}
