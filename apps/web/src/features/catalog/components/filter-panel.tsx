import { useTranslation } from 'react-i18next';
import type { Color } from '@boutique/contracts';
import { SIZES, type Size } from '@boutique/contracts/constants';
import { formatMoney } from '@/lib/format';
import { localized } from '@/lib/product';
import { checkboxClass } from '@/components/ui/field-classes';
import type { Filters } from '../filters';
import styles from './listing.module.css';

interface FilterPanelProps {
  colors: Color[];
  filters: Filters;
  bound: number;
  onChange: (filters: Filters) => void;
}

const toggle = <T,>(list: T[], value: T) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

export function FilterPanel({ colors, filters, bound, onChange }: FilterPanelProps) {
  const { t, i18n } = useTranslation('collection');
  const [min, max] = filters.priceRange;
  const step = 50;
  return (
    <div className={styles.filters}>
      <fieldset className={styles.fieldset}>
        <legend>{t('filters.color')}</legend>
        <ul className={styles.colorList}>
          {colors.map((c) => (
            <li key={c.key}>
              <label className={styles.colorOption}>
                <input
                  type="checkbox"
                  className={checkboxClass}
                  checked={filters.colors.includes(c.key)}
                  onChange={() => onChange({ ...filters, colors: toggle(filters.colors, c.key) })}
                />
                <span className={styles.colorDot} style={{ background: c.value }} aria-hidden="true" />
                {localized(c.name, i18n.language)}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>{t('filters.size')}</legend>
        <div className={styles.sizeList}>
          {SIZES.map((size: Size) => (
            <label key={size} className={styles.sizeOption}>
              <input
                type="checkbox"
                checked={filters.sizes.includes(size)}
                onChange={() => onChange({ ...filters, sizes: toggle(filters.sizes, size) })}
              />
              <span>{size}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>{t('filters.price')}</legend>
        <p className={styles.priceValues} aria-live="polite">
          <bdi>{formatMoney(min, i18n.language)}</bdi> – <bdi>{formatMoney(max, i18n.language)}</bdi>
        </p>
        <label className={styles.range}>
          <span>{t('filters.minPrice')}</span>
          <input
            type="range"
            min={0}
            max={bound}
            step={step}
            value={min}
            onChange={(e) =>
              onChange({ ...filters, priceRange: [Math.min(Number(e.target.value), max), max] })
            }
          />
        </label>
        <label className={styles.range}>
          <span>{t('filters.maxPrice')}</span>
          <input
            type="range"
            min={0}
            max={bound}
            step={step}
            value={max}
            onChange={(e) =>
              onChange({ ...filters, priceRange: [min, Math.max(Number(e.target.value), min)] })
            }
          />
        </label>
      </fieldset>
    </div>
  );
}
