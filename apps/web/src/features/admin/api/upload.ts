import type { FieldErrors } from '@boutique/contracts';
import { env } from '@/config/env';
import { ApiError, GENERIC_ERROR, apiRequest } from '@/lib/api-client';
import { STORAGE_KEYS, storage } from '@/lib/storage';

export interface UploadOptions {
  /** Text parts sent before the file (e.g. a gallery scene's captions). */
  fields?: Record<string, string>;
  /** Other files sent after it, each under its own field name (a catalogue's zip of photos). */
  files?: Record<string, File>;
  /** Share of the file sent, 0 to 1. */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends one file as the multipart field `file`. XMLHttpRequest rather than fetch: it reports how much of the
 * body has gone, which a photo of several megabytes on a phone needs. A refused access token is refreshed once
 * (through an ordinary API call) and the upload tried again.
 */
export async function uploadFile<T>(address: string, file: File, options: UploadOptions = {}): Promise<T> {
  try {
    return await send<T>(address, file, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    // Any signed-in call refreshes a stale token (api-client); then the upload goes again with the new one.
    await apiRequest('/v1/auth/user');
    return send<T>(address, file, options);
  }
}

function send<T>(
  address: string,
  file: File,
  { fields, files, onProgress, signal }: UploadOptions,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const body = new FormData();
    for (const [name, value] of Object.entries(fields ?? {})) body.append(name, value);
    body.append('file', file, file.name);
    for (const [name, extra] of Object.entries(files ?? {})) body.append(name, extra, extra.name);
    const url = address.startsWith(env.apiBase) ? address : `${env.apiBase}${address}`;
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    const token = storage.get(STORAGE_KEYS.authToken);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        payload = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(payload as T);
        return;
      }
      const failure = (payload ?? {}) as { message?: unknown; errors?: FieldErrors };
      const message = typeof failure.message === 'string' ? failure.message : GENERIC_ERROR;
      reject(new ApiError(message, xhr.status, failure.errors ?? {}, payload));
    };
    xhr.onerror = () => reject(new ApiError(GENERIC_ERROR, 0));
    xhr.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
