import { profileUpdateResponseSchema, type ProfileUpdateResponse, type StudentProfileUpdate, type TeacherProfileUpdate } from '@mathclub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';
import { profileQueryKey } from './get-profile';

/** PATCH /api/users/teachers/profile {name, groups}. */
export function updateTeacherProfile(input: TeacherProfileUpdate): Promise<ProfileUpdateResponse> {
  return apiRequest('/api/users/teachers/profile', { method: 'PATCH', body: input }, profileUpdateResponseSchema);
}

/** PATCH /api/users/students/profile {groups: [id]}. */
export function updateStudentProfile(input: StudentProfileUpdate): Promise<ProfileUpdateResponse> {
  return apiRequest('/api/users/students/profile', { method: 'PATCH', body: input }, profileUpdateResponseSchema);
}

type Input = { role: 'teacher'; body: TeacherProfileUpdate } | { role: 'student'; body: StudentProfileUpdate };

/** Saves the profile, then stores the fresh token so the session says what the server says. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => (input.role === 'teacher' ? updateTeacherProfile(input.body) : updateStudentProfile(input.body)),
    onSuccess: (response) => {
      setSession(response.access_token);
      queryClient.setQueryData(profileQueryKey, response.user);
    },
  });
}
