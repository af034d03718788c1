import { icon } from '@/components/ui/icons';

/** Line icons of the checkout, drawn on the grid of components/ui/icons. */
export const CardIcon = icon(
  <>
    <rect x="2.5" y="5" width="19" height="14" rx="2" />
    <path d="M2.5 10h19M6 15h4" />
  </>,
);
export const LockIcon = icon(
  <>
    <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2" />
  </>,
);
export const CheckCircleIcon = icon(
  <>
    <circle cx="12" cy="12" r="9.5" />
    <path d="m7.5 12.5 3 3 6-6.5" />
  </>,
);
export const MailOpenIcon = icon(
  <>
    <path d="M3 9.5 12 4l9 5.5V19a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1Z" />
    <path d="m3 9.5 9 6 9-6" />
  </>,
);
export const ScissorsIcon = icon(
  <>
    <circle cx="6" cy="6.5" r="2.5" />
    <circle cx="6" cy="17.5" r="2.5" />
    <path d="M8 8 20 18M8 16 20 6" />
  </>,
);
export const ClockIcon = icon(
  <>
    <circle cx="12" cy="12" r="9.5" />
    <path d="M12 7v5l3 2" />
  </>,
);
export const AlertIcon = icon(
  <>
    <circle cx="12" cy="12" r="9.5" />
    <path d="M12 7.5v5.5M12 16.5v.01" />
  </>,
);

/** The Apple Pay mark: the Apple logo and "Pay", in the wallet button's colour. */
export function ApplePayMark({ height = 20 }: { height?: number }) {
  return (
    <svg height={height} viewBox="0 0 52 22" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M9.6 3.5c.6-.8 1-1.8.9-2.8-.9 0-2 .6-2.6 1.4-.6.6-1.1 1.7-.9 2.7 1 .1 2-.5 2.6-1.3Zm.9 1.4c-1.4-.1-2.7.8-3.3.8-.7 0-1.7-.8-2.9-.8-1.5 0-2.8.9-3.6 2.2-1.5 2.7-.4 6.6 1.1 8.8.7 1.1 1.6 2.2 2.7 2.2 1.1 0 1.5-.7 2.8-.7 1.3 0 1.7.7 2.9.7 1.2 0 1.9-1.1 2.6-2.1.8-1.2 1.2-2.4 1.2-2.5 0 0-2.3-.9-2.3-3.5 0-2.2 1.8-3.2 1.9-3.3-1-1.5-2.6-1.7-3.1-1.8Z" />
      <text
        x="16"
        y="16.5"
        fontSize="15"
        fontWeight="500"
        fontFamily="-apple-system, 'Helvetica Neue', Arial, sans-serif"
      >
        Pay
      </text>
    </svg>
  );
}
