import { createHmac } from 'node:crypto';
import path from 'node:path';
import { AppError } from '../../lib/app-error.js';
import { ImageRejectedError, processImage } from './image-pipeline.js';
import { DiskImageStore } from './image-store.js';
import { S3ImageStore } from './s3-image-store.js';
import { IMAGE_ERROR_KEYS } from './multipart.js';
import { ImageUrlSigner } from './signed-url.js';
/** A key of its own for image links, derived from the JWT secret: one secret to keep, two uses apart. */
export function imageUrlKey(jwtSecret) {
    return createHmac('sha256', jwtSecret).update('image-urls').digest('base64url');
}
/** Decorates the app with the image store and the URL signer (before the modules that use them). */
export function registerImages(app, config, store) {
    app.decorate('images', store ?? (config.s3 ? new S3ImageStore(config.s3) : new DiskImageStore(path.join(config.dataDir, 'images'))));
    app.decorate('imageUrls', new ImageUrlSigner(imageUrlKey(config.jwtSecret)));
}
/**
 * Cleans an uploaded image and stores it, answering its key (null without a file). A refused
 * image becomes a 400/413 naming the form field; nothing is stored then.
 */
export async function storeUploadedImage(store, file, field) {
    if (!file)
        return null;
    let cleaned;
    try {
        cleaned = await processImage(file.data);
    }
    catch (err) {
        if (err instanceof ImageRejectedError) {
            throw new AppError(err.code, { validationErrors: { [field]: IMAGE_ERROR_KEYS[err.code] } });
        }
        throw err;
    }
    return store.put(cleaned.data, cleaned.extension);
}
/**
 * Runs `write` (the row insert) and removes the stored image when it fails, so a failed request
 * leaves neither a row nor an orphan file.
 */
export async function withImageCleanup(store, key, write) {
    try {
        return await write();
    }
    catch (err) {
        if (key)
            await store.delete(key).catch(() => { });
        throw err;
    }
}
//# sourceMappingURL=images.js.map