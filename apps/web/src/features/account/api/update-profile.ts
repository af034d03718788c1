import { useMutation } from '@tanstack/react-query';
import type { ProfileUpdateInput, UserResponse } from '@boutique/contracts';
import { apiRequest } from '@/lib/api-client';
import { session } from '@/lib/session/session';

/** Name, avatar (data URL, or null to remove it) or password; the frame shows the new name and picture at once. */
export async function updateProfile(input: ProfileUpdateInput) {
  const res = await apiRequest<UserResponse>('/v1/auth/user', { method: 'PATCH', body: input });
  session.updateUser(res.data.user);
  return res.data.user;
}

export const useUpdateProfile = () => useMutation({ mutationFn: updateProfile });
