import { randomBytes } from 'node:crypto';
/**
 * Encodes text fields (undefined ones are left out, numbers sent as text) and files the way a
 * browser's FormData does. `boundary: false` leaves the boundary out of the content type.
 */
export function multipartBody(fields, files = [], options = {}) {
    const boundary = options.boundary === false ? `----test${randomBytes(8).toString('hex')}` : (options.boundary ?? `----test${randomBytes(8).toString('hex')}`);
    const chunks = [];
    for (const [name, value] of Object.entries(fields)) {
        if (value === undefined)
            continue;
        chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    }
    for (const file of files) {
        const filename = file.filename ?? 'upload.jpg';
        chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${filename}"\r\n` +
            `Content-Type: ${file.contentType ?? 'image/jpeg'}\r\n\r\n`), file.data, Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    const contentType = options.boundary === false ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`;
    return { payload: Buffer.concat(chunks), headers: { 'content-type': contentType } };
}
/** A JSON body for app.inject, for the "wrong content type" cases. */
export const jsonBody = (value) => ({
    payload: Buffer.from(JSON.stringify(value)),
    headers: { 'content-type': 'application/json' },
});
//# sourceMappingURL=multipart-test-body.js.map