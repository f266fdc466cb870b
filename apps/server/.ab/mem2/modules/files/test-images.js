import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
/** Real image files made on the fly for tests: no binary fixtures in the repository. */
/** A JPEG photo with GPS coordinates and a camera model in its EXIF, optionally rotated by EXIF. */
export async function jpegWithGps(options = {}) {
    const { width = 64, height = 32, orientation = 1 } = options;
    return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
        .jpeg()
        // withMetadata writes the orientation tag; withExifMerge adds the camera and GPS tags to it.
        .withMetadata({ orientation })
        .withExifMerge({
        IFD0: { Make: 'TestPhone', Model: 'SecretCam 9000' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 27/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '30/1 31/1 0/1' },
    })
        .toBuffer();
}
export async function pngWithAlpha(width = 40, height = 40) {
    return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } }).png().toBuffer();
}
export async function plainJpeg(width = 3000, height = 1500) {
    return sharp({ create: { width, height, channels: 3, background: '#88aa44' } }).jpeg({ quality: 90 }).toBuffer();
}
export const svgWithScript = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
export const renamedText = Buffer.from('This is not an image, whatever the file name says.\n');
export const fakePdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** A valid JPEG followed by an HTML document: a browser sniffing it could run the script. */
export async function htmlJpegPolyglot() {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).jpeg().toBuffer();
    return Buffer.concat([jpeg, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
}
export async function truncatedJpeg() {
    const jpeg = await plainJpeg(400, 300);
    return jpeg.subarray(0, Math.floor(jpeg.length / 2));
}
function pngChunk(type, data) {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typeAndData));
    return Buffer.concat([length, typeAndData, crc]);
}
/** A tiny file whose header claims width × height pixels (a decompression bomb's shape). */
export function hugePixelPng(width = 30_000, height = 30_000) {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    header.writeUInt8(8, 8); // bit depth
    header.writeUInt8(0, 9); // greyscale
    return Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        pngChunk('IHDR', header),
        pngChunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
        pngChunk('IEND', Buffer.alloc(0)),
    ]);
}
/** Exactly `bytes` long and otherwise a valid JPEG (padding after the end marker). */
export async function jpegOfSize(bytes) {
    const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123456' } }).jpeg().toBuffer();
    return Buffer.concat([jpeg, Buffer.alloc(bytes - jpeg.length)]);
}
//# sourceMappingURL=test-images.js.map