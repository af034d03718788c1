import styles from './payment-logos.module.css';

/** Card marks drawn as simple badges (no third-party image requests). */
const BRANDS: Record<string, { label: string; mark: React.ReactNode }> = {
  visa: {
    label: 'Visa',
    mark: (
      <text
        x="24"
        y="20"
        textAnchor="middle"
        fontSize="13"
        fontWeight="700"
        fontStyle="italic"
        fill="#1a1f71"
      >
        VISA
      </text>
    ),
  },
  mastercard: {
    label: 'Mastercard',
    mark: (
      <>
        <circle cx="20" cy="16" r="8" fill="#eb001b" />
        <circle cx="28" cy="16" r="8" fill="#f79e1b" fillOpacity="0.9" />
      </>
    ),
  },
  amex: {
    label: 'American Express',
    mark: (
      <>
        <rect x="6" y="6" width="36" height="20" rx="2" fill="#2e77bc" />
        <text x="24" y="20" textAnchor="middle" fontSize="9" fontWeight="700" fill="#fff">
          AMEX
        </text>
      </>
    ),
  },
  discover: {
    label: 'Discover',
    mark: (
      <>
        <text x="21" y="19" textAnchor="middle" fontSize="7.5" fontWeight="700" fill="#231f20">
          DISC
        </text>
        <circle cx="33" cy="16.5" r="4" fill="#f48024" />
      </>
    ),
  },
  diners: {
    label: 'Diners Club',
    mark: (
      <>
        <circle cx="24" cy="16" r="8" fill="none" stroke="#0079be" strokeWidth="2" />
        <path d="M21 11v10M27 11v10" stroke="#0079be" strokeWidth="2" />
      </>
    ),
  },
  jcb: {
    label: 'JCB',
    mark: (
      <text x="24" y="20" textAnchor="middle" fontSize="11" fontWeight="700" fill="#0b4ea2">
        JCB
      </text>
    ),
  },
  unionpay: {
    label: 'UnionPay',
    mark: (
      <>
        <rect x="9" y="7" width="10" height="18" rx="2" fill="#e21836" />
        <rect x="19" y="7" width="10" height="18" rx="2" fill="#00447c" />
        <rect x="29" y="7" width="10" height="18" rx="2" fill="#007b84" />
      </>
    ),
  },
};

export type CardBrand = keyof typeof BRANDS;

export function CardLogo({ brand }: { brand: CardBrand }) {
  const b = BRANDS[brand];
  if (!b) return null;
  return (
    <svg viewBox="0 0 48 32" className={styles.logo} role="img" aria-label={b.label}>
      <rect x="0.5" y="0.5" width="47" height="31" rx="4" fill="#fff" stroke="#d9d4cc" />
      {b.mark}
    </svg>
  );
}

export function PaymentLogos({
  brands = ['visa', 'mastercard', 'amex', 'discover'],
}: {
  brands?: CardBrand[];
}) {
  return (
    <ul className={styles.list}>
      {brands.map((brand) => (
        <li key={brand}>
          <CardLogo brand={brand} />
        </li>
      ))}
    </ul>
  );
}
