import { importResponseSchema, type ImportResponse, type RosterError } from '@mathclub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, readError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { getToken } from '../../../lib/session';

/** A refused import: the server's message and, for bad rows, each problem with its line. */
export class RosterImportError extends ApiRequestError {
  constructor(
    base: ApiRequestError,
    readonly rows: RosterError[],
  ) {
    super(base.status, base.message, base.code, base.validationErrors);
  }
}

/**
 * POST /api/users/import (multipart `group` + `file`). Read by hand rather than through
 * apiRequest: a 400 carries `errors: [{line, field, message}]` besides the usual error body.
 */
export async function importRoster({ groupId, file }: { groupId: number; file: File }): Promise<ImportResponse> {
  const form = new FormData();
  form.append('group', String(groupId));
  form.append('file', file, file.name || 'class.csv');
  const response = await fetch('/api/users/import', {
    method: 'POST',
    headers: { Accept: 'application/json', 'Accept-Language': i18n.language || 'uk', Authorization: `Bearer ${getToken()}` },
    body: form,
  });
  if (!response.ok) {
    const body: unknown = await response.clone().json().catch(() => null);
    const rows = (body as { errors?: RosterError[] } | null)?.errors;
    throw new RosterImportError(await readError(response), Array.isArray(rows) ? rows : []);
  }
  return importResponseSchema.parse(await response.json());
}

export function useImportRoster() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importRoster, onSuccess: () => void queryClient.invalidateQueries() });
}
