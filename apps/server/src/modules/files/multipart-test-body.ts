import { randomBytes } from 'node:crypto';

/** A file part of a test form. */
export interface TestFile {
  field: string;
  data: Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body ready for app.inject: `{ payload, headers }`. */
export interface MultipartBody {
  payload: Buffer;
  headers: Record<string, string>;
}

/**
 * Encodes text fields (undefined ones are left out, numbers sent as text) and files the way a
 * browser's FormData does. `boundary: false` leaves the boundary out of the content type.
 */
export function multipartBody(
  fields: Record<string, string | number | undefined>,
  files: TestFile[] = [],
  options: { boundary?: string | false } = {},
): MultipartBody {
  const boundary = options.boundary === false ? `----test${randomBytes(8).toString('hex')}` : (options.boundary ?? `----test${randomBytes(8).toString('hex')}`);
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    const filename = file.filename ?? 'upload.jpg';
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const contentType = options.boundary === false ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`;
  return { payload: Buffer.concat(chunks), headers: { 'content-type': contentType } };
}

/** A JSON body for app.inject, for the "wrong content type" cases. */
export const jsonBody = (value: unknown): MultipartBody => ({
  payload: Buffer.from(JSON.stringify(value)),
  headers: { 'content-type': 'application/json' },
});
