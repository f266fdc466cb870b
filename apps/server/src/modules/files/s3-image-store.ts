import { AwsClient } from 'aws4fetch';
import { AppError } from '../../lib/app-error.js';
import { contentTypeOfKey, isImageKey, newImageKey, type ImageStore } from './image-store.js';

export interface S3ImageStoreOptions {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://minio:9000; requests use path style. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prepended to every object name, e.g. "mathclub/" (several apps in one bucket). */
  prefix: string;
  /** Objects per listing request (S3's maximum and default: 1000). */
  listPageSize?: number;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]!);
const tag = (xml: string, name: string) => {
  const m = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml);
  return m ? unescapeXml(m[1]!) : undefined;
};

/**
 * Images as objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), for several instances
 * behind a load balancer: every instance sees every image. Requests are signed with SigV4
 * (aws4fetch: a few kilobytes over fetch instead of the whole AWS SDK). The bucket stays private:
 * images still reach browsers only through the app's signed, expiring /api/files links. When the
 * storage cannot be reached the request answers 503, like a database outage.
 */
export class S3ImageStore implements ImageStore {
  private readonly aws: AwsClient;
  private readonly base: string;

  constructor(private readonly options: S3ImageStoreOptions) {
    this.aws = new AwsClient({ accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey, service: 's3', region: options.region });
    this.base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`;
  }

  async put(data: Buffer, extension: string): Promise<string> {
    const key = newImageKey(extension);
    const res = await this.send(this.objectUrl(key), { method: 'PUT', body: data, headers: { 'content-type': contentTypeOfKey(key) } });
    await this.expectOk(res, 'PUT');
    return key;
  }

  async get(key: string): Promise<Buffer | null> {
    if (!isImageKey(key)) return null;
    const res = await this.send(this.objectUrl(key), { method: 'GET' });
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    await this.expectOk(res, 'GET', false);
    return Buffer.from(await res.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    if (!isImageKey(key)) return;
    const res = await this.send(this.objectUrl(key), { method: 'DELETE' });
    // S3 answers 204 whether or not the object existed; some servers say 404.
    if (res.status === 404) return void (await res.body?.cancel());
    await this.expectOk(res, 'DELETE');
  }

  async *list(): AsyncIterable<{ key: string; writtenAt: Date }> {
    const { prefix } = this.options;
    let token: string | undefined;
    do {
      const query = new URLSearchParams({ 'list-type': '2', prefix, 'max-keys': String(this.options.listPageSize ?? 1000) });
      if (token) query.set('continuation-token', token);
      const res = await this.send(`${this.base}?${query}`, { method: 'GET' });
      await this.expectOk(res, 'LIST', false);
      const xml = await res.text();
      for (const [, contents] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const name = tag(contents!, 'Key');
        const modified = tag(contents!, 'LastModified');
        if (!name?.startsWith(prefix) || !modified) continue;
        const key = name.slice(prefix.length);
        if (isImageKey(key)) yield { key, writtenAt: new Date(modified) };
      }
      token = tag(xml, 'IsTruncated') === 'true' ? tag(xml, 'NextContinuationToken') : undefined;
    } while (token);
  }

  private objectUrl(key: string): string {
    // Keys are hex, "/" and an extension; the prefix is the operator's and may need escaping.
    return `${this.base}/${this.options.prefix.split('/').map(encodeURIComponent).join('/')}${key}`;
  }

  /** One signed request; a network failure (storage down, DNS) becomes a 503 for the client. */
  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.aws.fetch(url, init);
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE');
    }
  }

  /** Anything but 2xx: the storage refused (credentials, bucket, outage); the client gets a 503. */
  private async expectOk(res: Response, what: string, consume = true): Promise<void> {
    if (res.ok) {
      if (consume) await res.arrayBuffer();
      return;
    }
    const detail = (await res.text().catch(() => '')).slice(0, 300);
    throw new S3StoreError(`S3 ${what} answered ${res.status}: ${detail}`);
  }
}

/** The storage said no: a 503 for the client (the error handler logs the detail, never sends it). */
export class S3StoreError extends AppError {
  constructor(readonly detail: string) {
    super('SERVICE_UNAVAILABLE');
  }
}
