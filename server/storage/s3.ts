// S3-compatible object storage (AWS SDK v3). Objects are private; the app serves them itself
// (permission checks, counters, safe headers), so public URLs are informational only.
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertKey, type FileSource, type StorageDriver, type StoredObject } from './types';
import type { S3Connection } from './s3Endpoint';
import { guardedLookup } from '../net/forbiddenHosts';

export class S3Storage implements StorageDriver {
  readonly name = 's3' as const;
  /** the SDK (about 20 MB of memory) loads with the first request, not with the server */
  private client: Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | undefined;

  constructor(private readonly conn: S3Connection) {}

  private connect() {
    return (this.client ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: this.createClient(sdk) })));
  }

  private createClient(sdk: typeof import('@aws-sdk/client-s3')): S3Client {
    const conn = this.conn;
    return new sdk.S3Client({
      endpoint: conn.endpoint,
      region: conn.region,
      forcePathStyle: conn.forcePathStyle,
      credentials: { accessKeyId: conn.accessKeyId, secretAccessKey: conn.secretAccessKey },
      // vendors' S3 gateways do not all accept the newer default checksum headers
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
      // a name that resolves to a link-local (cloud metadata) address is refused (net/forbiddenHosts.ts)
      requestHandler: {
        httpAgent: new http.Agent({ keepAlive: true, maxSockets: 50, lookup: guardedLookup }),
        httpsAgent: new https.Agent({ keepAlive: true, maxSockets: 50, lookup: guardedLookup }),
      },
    });
  }

  async put(key: string, source: FileSource, contentType: string): Promise<{ realUrl: string }> {
    assertKey(key);
    // small files as a buffer (signed payload hash); larger ones streamed with a known length
    const body = source.size <= 8 * 1024 * 1024 ? await fs.promises.readFile(source.path) : fs.createReadStream(source.path);
    const { client, sdk } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({ Bucket: this.conn.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: source.size }),
    );
    return { realUrl: `${this.conn.publicBase}/${key}` };
  }

  async get(key: string): Promise<StoredObject | null> {
    assertKey(key);
    try {
      const { client, sdk } = await this.connect();
      const r = await client.send(new sdk.GetObjectCommand({ Bucket: this.conn.bucket, Key: key }));
      if (!r.Body) return null;
      return { body: r.Body as Readable, size: r.ContentLength };
    } catch (e: any) {
      if (e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404) return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    const { client, sdk } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.conn.bucket, Key: key }));
  }

  destroy(): void {
    void this.client?.then(({ client }) => client.destroy()).catch(() => {});
  }
}
