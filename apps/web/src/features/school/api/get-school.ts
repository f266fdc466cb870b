import type { SchoolInfo } from '@mathclub/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Until the server has said otherwise (the server's own default). */
export const DEFAULT_SCHOOL_TIME_ZONE = 'Europe/Kyiv';

/** GET /api/school: the school's time zone, read once per visit. */
export function useSchoolTimeZone(): string {
  const school = useQuery({ queryKey: ['school'], queryFn: () => apiRequest<SchoolInfo>('/api/school'), staleTime: Number.POSITIVE_INFINITY });
  return school.data?.timeZone ?? DEFAULT_SCHOOL_TIME_ZONE;
}
