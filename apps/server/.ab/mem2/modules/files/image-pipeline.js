import sharp, {} from 'sharp';
import { availableParallelism } from 'node:os';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE } from '@mathclub/shared';
import pLimit from 'p-limit';
// Every upload is a different image: libvips' operation cache would only hold memory.
sharp.cache(false);
/**
 * Decodes run one per core at most; a burst of photo uploads queues here instead of holding a
 * full-size decoded bitmap (tens of MB) per request at once.
 */
const decodeSlots = pLimit(availableParallelism());
/** Why an upload was refused; the caller turns it into a 4xx with this code. */
export class ImageRejectedError extends Error {
    code;
    constructor(code, detail) {
        super(detail);
        this.code = code;
        this.name = 'ImageRejectedError';
    }
}
/**
 * Formats we accept, as the decoder names them after reading the bytes. The file name and the
 * declared MIME type are never trusted. SVG (scriptable), TIFF, PDF and raw are refused.
 * `heif` covers AVIF (and HEIC where the bundled libheif can decode it).
 */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
/**
 * Decodes an uploaded image and re-encodes it so that nothing of the original file survives but
 * its pixels: EXIF (phone GPS), ICC comments, XMP and any bytes appended to the image (polyglots)
 * are dropped, EXIF orientation is applied, and large photos are scaled down.
 */
export async function processImage(input) {
    if (!pipelineObserver)
        return decodeSlots(() => cleanImage(input));
    const observer = pipelineObserver;
    const queued = performance.now();
    return decodeSlots(async () => {
        const started = performance.now();
        observer.waited(started - queued);
        let rejected = true;
        try {
            const image = await cleanImage(input);
            rejected = false;
            return image;
        }
        finally {
            observer.processed(performance.now() - started, rejected);
        }
    });
}
let pipelineObserver;
/** Sets (or clears) the process's one observer of the image pipeline. */
export function observeImagePipeline(observer) {
    pipelineObserver = observer;
}
/** Uploaded images waiting for a decode slot right now. */
export const imagePipelineQueueLength = () => decodeSlots.pendingCount;
async function cleanImage(input) {
    if (input.length === 0)
        throw new ImageRejectedError('UNSUPPORTED_IMAGE', 'empty file');
    if (input.length > IMAGE_MAX_BYTES)
        throw new ImageRejectedError('IMAGE_TOO_LARGE', `${input.length} bytes`);
    let metadata;
    try {
        // Reading the header alone: cheap even for a decompression bomb.
        metadata = await sharp(input, { limitInputPixels: false }).metadata();
    }
    catch {
        throw new ImageRejectedError('UNSUPPORTED_IMAGE', 'not a decodable image');
    }
    if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
        throw new ImageRejectedError('UNSUPPORTED_IMAGE', `format ${metadata.format ?? 'unknown'}`);
    }
    const width = metadata.width ?? 0;
    const height = metadata.height ?? 0;
    if (width <= 0 || height <= 0)
        throw new ImageRejectedError('UNSUPPORTED_IMAGE', 'no dimensions');
    if (width * height > IMAGE_MAX_PIXELS) {
        throw new ImageRejectedError('IMAGE_TOO_MANY_PIXELS', `${width}×${height}`);
    }
    // Transparency survives as PNG; everything else (photos) becomes a compact JPEG.
    const keepAlpha = metadata.hasAlpha === true;
    try {
        const pipeline = sharp(input, {
            limitInputPixels: IMAGE_MAX_PIXELS,
            // A truncated or corrupt file is refused rather than stored half-grey.
            failOn: 'truncated',
            // Animated GIF/WebP: the first frame is enough for a math answer.
            pages: 1,
        })
            .rotate()
            .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
        const { data, info } = keepAlpha
            ? await pipeline.png({ compressionLevel: 8 }).toBuffer({ resolveWithObject: true })
            : await pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer({ resolveWithObject: true });
        return keepAlpha
            ? { data, contentType: 'image/png', extension: 'png', width: info.width, height: info.height }
            : { data, contentType: 'image/jpeg', extension: 'jpg', width: info.width, height: info.height };
    }
    catch {
        throw new ImageRejectedError('UNSUPPORTED_IMAGE', 'decoding failed');
    }
}
//# sourceMappingURL=image-pipeline.js.map