import { AwsClient } from 'aws4fetch';
import { AppError } from '../../lib/app-error.js';
import { contentTypeOfKey, isImageKey, newImageKey } from './image-store.js';
const XML_ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name) => XML_ENTITIES[name]);
const tag = (xml, name) => {
    const m = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml);
    return m ? unescapeXml(m[1]) : undefined;
};
/**
 * Images as objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), for several instances
 * behind a load balancer: every instance sees every image. Requests are signed with SigV4
 * (aws4fetch: a few kilobytes over fetch instead of the whole AWS SDK). The bucket stays private:
 * images still reach browsers only through the app's signed, expiring /api/files links. When the
 * storage cannot be reached the request answers 503, like a database outage.
 */
export class S3ImageStore {
    options;
    aws;
    base;
    constructor(options) {
        this.options = options;
        this.aws = new AwsClient({ accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey, service: 's3', region: options.region });
        this.base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`;
    }
    async put(data, extension) {
        const key = newImageKey(extension);
        const res = await this.send(this.objectUrl(key), { method: 'PUT', body: data, headers: { 'content-type': contentTypeOfKey(key) } });
        await this.expectOk(res, 'PUT');
        return key;
    }
    async get(key) {
        if (!isImageKey(key))
            return null;
        const res = await this.send(this.objectUrl(key), { method: 'GET' });
        if (res.status === 404) {
            await res.body?.cancel();
            return null;
        }
        await this.expectOk(res, 'GET', false);
        return Buffer.from(await res.arrayBuffer());
    }
    async delete(key) {
        if (!isImageKey(key))
            return;
        const res = await this.send(this.objectUrl(key), { method: 'DELETE' });
        // S3 answers 204 whether or not the object existed; some servers say 404.
        if (res.status === 404)
            return void (await res.body?.cancel());
        await this.expectOk(res, 'DELETE');
    }
    async *list() {
        const { prefix } = this.options;
        let token;
        do {
            const query = new URLSearchParams({ 'list-type': '2', prefix, 'max-keys': String(this.options.listPageSize ?? 1000) });
            if (token)
                query.set('continuation-token', token);
            const res = await this.send(`${this.base}?${query}`, { method: 'GET' });
            await this.expectOk(res, 'LIST', false);
            const xml = await res.text();
            for (const [, contents] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
                const name = tag(contents, 'Key');
                const modified = tag(contents, 'LastModified');
                if (!name?.startsWith(prefix) || !modified)
                    continue;
                const key = name.slice(prefix.length);
                if (isImageKey(key))
                    yield { key, writtenAt: new Date(modified) };
            }
            token = tag(xml, 'IsTruncated') === 'true' ? tag(xml, 'NextContinuationToken') : undefined;
        } while (token);
    }
    objectUrl(key) {
        // Keys are hex, "/" and an extension; the prefix is the operator's and may need escaping.
        return `${this.base}/${this.options.prefix.split('/').map(encodeURIComponent).join('/')}${key}`;
    }
    /** One signed request; a network failure (storage down, DNS) becomes a 503 for the client. */
    async send(url, init) {
        try {
            return await this.aws.fetch(url, init);
        }
        catch {
            throw new AppError('SERVICE_UNAVAILABLE');
        }
    }
    /** Anything but 2xx: the storage refused (credentials, bucket, outage); the client gets a 503. */
    async expectOk(res, what, consume = true) {
        if (res.ok) {
            if (consume)
                await res.arrayBuffer();
            return;
        }
        const detail = (await res.text().catch(() => '')).slice(0, 300);
        throw new S3StoreError(`S3 ${what} answered ${res.status}: ${detail}`);
    }
}
/** The storage said no: a 503 for the client (the error handler logs the detail, never sends it). */
export class S3StoreError extends AppError {
    detail;
    constructor(detail) {
        super('SERVICE_UNAVAILABLE');
        this.detail = detail;
    }
}
//# sourceMappingURL=s3-image-store.js.map