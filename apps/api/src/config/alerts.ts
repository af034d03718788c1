import { z } from 'zod';

/** The shop's automatic mail to the owner and to shoppers (modules/alerts). */
export const AlertsEnv = z.object({
  /** A product's low-stock level when its form leaves it empty: at or below it, the owner is told once. */
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(1000).default(2),
  /** The hour (0–23, shop time) the owner's daily digest goes out; `off`: no digest. */
  DIGEST_HOUR: z.union([z.literal('off'), z.coerce.number().int().min(0).max(23)]).default(8),
  /** Hours a signed-in shopper's cart stays untouched before the reminder they asked for is sent. */
  CHECKOUT_REMINDER_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(24),
  /** How often each instance looks for a digest or reminders due (seconds; 0: only at start). */
  ALERTS_SWEEP_S: z.coerce.number().min(0).max(3600).default(300),
  /** "Tell me when it is back" requests from one network in an hour. */
  STOCK_REQUEST_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
  /** "Tell me when it is back" requests for one address in an hour, from anywhere. */
  STOCK_REQUEST_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).max(100_000).default(5),
});
export type AlertsEnv = z.infer<typeof AlertsEnv>;

export interface AlertsConfig {
  alerts: {
    lowStockThreshold: number;
    /** null: no digest. */
    digestHour: number | null;
    reminderAfterMs: number;
    sweepIntervalS: number;
    requestLimits: { perIp: { max: number; windowS: number }; perEmail: { max: number; windowS: number } };
  };
}

export function alertsConfig(e: AlertsEnv): AlertsConfig {
  return {
    alerts: {
      lowStockThreshold: e.LOW_STOCK_THRESHOLD,
      digestHour: e.DIGEST_HOUR === 'off' ? null : e.DIGEST_HOUR,
      reminderAfterMs: Math.round(e.CHECKOUT_REMINDER_HOURS * 3600_000),
      sweepIntervalS: e.ALERTS_SWEEP_S,
      requestLimits: {
        perIp: { max: e.STOCK_REQUEST_LIMIT_PER_IP, windowS: 3600 },
        perEmail: { max: e.STOCK_REQUEST_LIMIT_PER_EMAIL, windowS: 3600 },
      },
    },
  };
}
