import fastifyMultipart from '@fastify/multipart';
import { IMAGE_MAX_BYTES, INVALID_VALUE_KEY, TASK_TEXT_MAX } from '@mathclub/shared';
import { AppError, validationError } from '../../lib/app-error.js';
import { findNul } from '../../lib/nul-guard.js';
import { FairSlots } from '../../lib/fair-slots.js';
/** i18n keys the forms show under the image field. */
export const IMAGE_ERROR_KEYS = {
    UNSUPPORTED_IMAGE: 'images.error.unsupported',
    IMAGE_TOO_LARGE: 'images.error.tooLarge',
    IMAGE_TOO_MANY_PIXELS: 'images.error.tooManyPixels',
    ONLY_ONE: 'images.error.onlyOne',
};
/**
 * Upload limits for every multipart route. A field value longer than `fieldSize` bytes arrives
 * truncated but still longer than any text limit of the shared schemas (10,000 characters need at
 * most 40,000 bytes), so the schema refuses it with the field's own "too long" key.
 */
export const MULTIPART_LIMITS = {
    fileSize: IMAGE_MAX_BYTES,
    files: 1,
    // A task edit sends up to 12 fields (PRODUCT.md §9, §10: the task, its window, its key, removeImage).
    fields: 14,
    fieldSize: TASK_TEXT_MAX * 4,
    fieldNameSize: 100,
    parts: 16,
    headerPairs: 20,
};
/**
 * Adds the multipart parser to the calling plugin's scope only: every other route keeps answering
 * 415 to a form upload. Its plugin also adds two async hooks to every route of that scope (on the
 * request, a 'close' listener; on the response, the cleanup of saved files), so a plugin whose
 * other routes are hot reads takes its forms through `formRoutes` instead.
 */
export async function registerMultipart(app) {
    // File size is checked by hand (file.truncated) so the answer can name the form field.
    await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: false });
}
/**
 * Declares the routes that take forms in a scope of their own, with the multipart parser (above).
 * Registered in the tasks' and the solutions' plugins themselves, its hooks cost every read of the
 * arena's task list, the teachers' lists and the solutions lists a promise and a listener each:
 * out of their scope, a warm, cached task list costs 8.6 % less CPU (`bench:builds`, 2026-11-28).
 */
export async function formRoutes(app, declare) {
    await app.register(async (forms) => {
        await registerMultipart(forms);
        declare(forms);
    });
}
const badForm = () => new AppError('VALIDATION_FAILED', { messageKey: 'INVALID_MULTIPART' });
/** Forms up to this size (text answers) never wait for an upload slot. */
export const SMALL_FORM_BYTES = 64 * 1024;
/** Larger uploads read, cleaned and stored at once; the others wait their turn. */
export const UPLOADS_AT_ONCE = 4;
/** Of those, one account holds at most this many: the others stay free for everybody else. */
export const UPLOADS_PER_ACCOUNT = 2;
const uploadSlots = new FairSlots(UPLOADS_AT_ONCE, UPLOADS_PER_ACCOUNT);
/** Uploads holding a slot now, in this process. */
export const uploadsInFlight = () => uploadSlots.active;
/**
 * Runs an upload route's work (read the form, clean the image, store it) in one of a few slots
 * when the body may be large. A waiting request's bytes stay in the network (TCP holds them
 * until it is read), so a class sending 4 MB photos at once queues instead of holding every
 * photo, and its decoded copy, in memory together. Nobody is refused.
 *
 * A slot is held while the body arrives, so a sender that stalls keeps it until the connection's
 * idle timeout (REQUEST_IDLE_TIMEOUT) cuts it: one account holds at most two slots meanwhile (and
 * never the last free one while it holds another), and its further uploads wait behind its own
 * while other accounts are served round-robin. While a request waits for a slot Node's idle
 * timeout is off (the wait is the server's doing), and a watch of its own closes it when its
 * client stalls or hangs up (REQUEST_TIMEOUT still bounds the whole request).
 */
export function withUploadSlot(request, work) {
    const length = Number(request.headers['content-length']);
    if (length <= SMALL_FORM_BYTES)
        return work();
    const socket = request.raw.socket;
    const idleTimeout = socket.timeout ?? 0;
    // A client that hung up while waiting has nothing left to read: parsing its body would wait
    // forever for a 'close' that has already happened, and hold the slot with it.
    const workIfConnected = () => (request.raw.destroyed ? Promise.reject(badForm()) : work());
    // While it waits, a request whose client has gone, or has stalled, leaves the line (issue 50:
    // queued stalls stayed open for 70 s, each holding its place until it got a slot and then its
    // 30 s). The idle clock cannot run as usual meanwhile (the server reads nothing from a waiting
    // request, so a client sending at full speed looks silent once its socket's buffers fill), so a
    // watch looks every idle timeout: a client that sent nothing since, and has not filled what the
    // server would buffer of its body, is stalled: its connection is closed.
    const line = new AbortController();
    let watch;
    const leave = () => line.abort(badForm());
    const stopWatching = () => {
        clearInterval(watch);
        request.raw.off('close', leave);
    };
    return uploadSlots
        .run(`user:${request.currentUser?.id ?? request.ip}`, workIfConnected, {
        waiting: () => {
            socket.setTimeout(0);
            request.raw.once('close', leave);
            if (idleTimeout <= 0)
                return;
            let lastRead = socket.bytesRead;
            watch = setInterval(() => {
                const body = request.raw;
                const sending = socket.bytesRead !== lastRead || body.complete || body.readableLength >= Math.min(body.readableHighWaterMark, length);
                lastRead = socket.bytesRead;
                if (sending)
                    return;
                leave();
                socket.destroy();
            }, idleTimeout);
            watch.unref();
        },
        started: () => {
            stopWatching();
            socket.setTimeout(idleTimeout);
        },
    }, line.signal)
        .finally(stopWatching);
}
/** Parser and limit failures → clean 4xx; nothing from a broken upload ever answers 500. */
function mapMultipartError(err, fileField) {
    if (err instanceof AppError)
        return err;
    const code = err?.code;
    switch (code) {
        case 'FST_FILES_LIMIT':
            return validationError({ [fileField]: IMAGE_ERROR_KEYS.ONLY_ONE });
        case 'FST_PARTS_LIMIT':
        case 'FST_FIELDS_LIMIT':
            return new AppError('PAYLOAD_TOO_LARGE');
        case 'FST_REQ_FILE_TOO_LARGE':
            return new AppError('IMAGE_TOO_LARGE', { validationErrors: { [fileField]: IMAGE_ERROR_KEYS.IMAGE_TOO_LARGE } });
        default:
            // Busboy's own errors (no boundary, truncated body, malformed part headers), prototype
            // field names, JSON fields that are not JSON, a client that hung up mid-upload.
            return badForm();
    }
}
/**
 * Reads a whole multipart request into memory: text fields plus at most one file, which must
 * come under `fileField`. Limits and malformed bodies become 4xx AppErrors. An empty file part
 * without a file name (a browser's untouched file input) counts as no file.
 */
export async function readMultipartForm(request, fileField) {
    if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    const fields = {};
    const errors = {};
    let file;
    let tooLarge = false;
    try {
        for await (const part of request.parts()) {
            if (part.type === 'file') {
                // Every file is read to its end (busboy discards bytes past the limit) so parsing goes on.
                const chunks = [];
                for await (const chunk of part.file)
                    chunks.push(chunk);
                if (part.file.truncated) {
                    tooLarge = true;
                    continue;
                }
                const data = Buffer.concat(chunks);
                if (data.length === 0 && !part.filename)
                    continue;
                if (part.fieldname !== fileField) {
                    errors[part.fieldname] = INVALID_VALUE_KEY;
                    continue;
                }
                file = { data, filename: part.filename, mimetype: part.mimetype };
            }
            else {
                const name = part.fieldname;
                if (name === fileField) {
                    // A text part where the file belongs: an empty one means "no file", anything else is wrong.
                    if (String(part.value) !== '')
                        errors[name] = IMAGE_ERROR_KEYS.UNSUPPORTED_IMAGE;
                    continue;
                }
                if (Object.hasOwn(fields, name))
                    errors[name] = INVALID_VALUE_KEY;
                fields[name] = String(part.value);
            }
        }
    }
    catch (err) {
        throw mapMultipartError(err, fileField);
    }
    if (tooLarge)
        throw new AppError('IMAGE_TOO_LARGE', { validationErrors: { [fileField]: IMAGE_ERROR_KEYS.IMAGE_TOO_LARGE } });
    // PostgreSQL text cannot hold U+0000; the JSON routes refuse it in a preValidation hook.
    const nulPath = findNul(fields);
    if (nulPath)
        errors[nulPath.join('.') || 'body'] = INVALID_VALUE_KEY;
    if (Object.keys(errors).length > 0)
        throw validationError(errors);
    return { fields, file };
}
const I18N_KEY = /^[A-Za-z][\w-]*(\.[\w-]+)+$/;
/** Zod issues → {field: first i18n key}, the shape the forms show under each field. */
export function zodValidationErrors(error) {
    const out = {};
    for (const issue of error.issues) {
        const field = issue.path.map(String).join('.') || 'body';
        if (field in out)
            continue;
        out[field] = I18N_KEY.test(issue.message) ? issue.message : INVALID_VALUE_KEY;
    }
    return out;
}
/**
 * Parses the form's text fields with a shared schema. `extra` adds cross-field rules (text or
 * image) so every broken rule is reported at once.
 */
export function parseFormFields(schema, fields, extra = {}) {
    const parsed = schema.safeParse(fields);
    const errors = { ...(parsed.success ? {} : zodValidationErrors(parsed.error)), ...extra };
    if (Object.keys(errors).length > 0 || !parsed.success)
        throw validationError(errors);
    return parsed.data;
}
//# sourceMappingURL=multipart.js.map