import { z } from 'zod';
import { envelope } from './envelope.js';

export { ContactMessageSchema } from './forms.js';
export type { ContactMessage, ContactMessageInput } from './forms.js';

export const ContactResponseSchema = envelope(z.object({ id: z.number().int(), message: z.string() }));
export type ContactResponse = z.infer<typeof ContactResponseSchema>;
