import { ApiRequestError, GENERIC_FAILURE, readError, signOutAfterUnauthorized } from './api-client';
import { signedOutReason } from './unauthorized';
import { i18n } from './i18n';
import { getToken } from './session';

/**
 * POSTs multipart form data with upload progress (fetch cannot report it). Same rules as the api
 * client: bearer token, Accept-Language, 401 → sign out, non-OK → ApiRequestError.
 */
export function postFormWithProgress<T = unknown>(path: string, body: FormData, onProgress?: (percent: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', i18n.language || 'uk');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiRequestError(0, GENERIC_FAILURE));
    xhr.onabort = () => reject(new ApiRequestError(0, GENERIC_FAILURE));
    xhr.onload = () => {
      const status = xhr.status;
      if (status >= 200 && status < 300) {
        onProgress?.(100);
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
        } catch {
          resolve(undefined as T);
        }
        return;
      }
      void readError(new Response(xhr.responseText || null, { status })).then((error) => {
        if (status === 401) signOutAfterUnauthorized(signedOutReason(error.code));
        reject(error);
      });
    };
    xhr.send(body);
  });
}
