import { z } from 'zod';
import { envelope } from './envelope.js';

export const HealthResponseSchema = envelope(
  z.object({
    status: z.literal('ok'),
    database: z.enum(['pglite', 'postgres']),
    uptime_s: z.number(),
  }),
);
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
