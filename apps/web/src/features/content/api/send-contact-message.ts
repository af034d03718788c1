import { useMutation } from '@tanstack/react-query';
import type { ContactMessageInput, ContactResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';

export async function sendContactMessage(input: ContactMessageInput) {
  const res = await apiRequest<ContactResponse>('/v1/contact', { method: 'POST', body: input });
  return res.data;
}

/** Nothing cached depends on a sent message, so there is nothing to invalidate. */
export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
