import { z } from 'zod';
import { forbidden, notFound } from '../../lib/app-error.js';
import { failure } from '../../plugins/openapi-responses.js';
import { isLiveImage } from './files.repository.js';
import { contentTypeOfKey, isImageKey } from './image-store.js';
import { ImageUrlSigner } from './signed-url.js';
const single = (value) => (typeof value === 'string' ? value : undefined);
/**
 * GET /api/files/<key>?exp&sig: the bytes of a stored image. The signature is the permission (no
 * bearer token, so `<img src>` works); only users allowed to see a task or solution get its link,
 * it lives at most an hour, and it answers 404 once its task or solution is gone.
 */
export async function filesRoutes(app) {
    const r = app.withTypeProvider();
    r.get('/api/files/:shard/:name', {
        schema: {
            tags: ['files'],
            operationId: 'getImage',
            // The signed link is the permission: no bearer token, so `<img src>` works.
            security: [],
            summary: 'An uploaded image through its signed, expiring link (imageSecureUrl)',
            params: z.object({ shard: z.string(), name: z.string() }),
            // Checked by hand: any malformed link is a 403, never a 400 naming the query.
            querystring: z.object({ exp: z.unknown().optional(), sig: z.unknown().optional() }).describe('exp: unix seconds; sig: HMAC'),
            response: {
                200: {
                    description: 'The image bytes (image/jpeg or image/png), cacheable privately until the link expires.',
                    content: { 'image/*': { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) } },
                },
                403: failure('The link is forged, malformed or expired: ask the API for a fresh imageSecureUrl.'),
                404: failure('No image under this key (it was replaced or deleted).'),
            },
        },
        handler: async (request, reply) => {
            const key = `${request.params.shard}/${request.params.name}`;
            const expText = single(request.query.exp);
            const sig = single(request.query.sig);
            const exp = expText && /^\d{1,12}$/.test(expText) ? Number(expText) : NaN;
            if (!sig || !app.imageUrls.verify(key, exp, sig))
                throw forbidden();
            const data = isImageKey(key) && (await isLiveImage(app.db, key)) ? await app.images.get(key) : null;
            if (!data)
                throw notFound();
            return reply
                .header('content-type', contentTypeOfKey(key))
                .header('x-content-type-options', 'nosniff')
                .header('content-security-policy', "default-src 'none'")
                .header('cache-control', `private, max-age=${ImageUrlSigner.secondsLeft(exp)}`)
                .header('content-disposition', 'inline')
                .send(data);
        },
    });
}
//# sourceMappingURL=files.routes.js.map