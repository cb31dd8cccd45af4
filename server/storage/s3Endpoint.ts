// Maps the object-storage form (spec §3 Site config; ShowDoc's oss_setting) to an
// S3-compatible connection: aliyun / qiniu / qcloud speak S3 at their own endpoints.
import net from 'node:net';
import type { OssSetting } from '../lib/siteSettings';
import { isForbiddenHost } from '../net/forbiddenHosts';

export interface S3Connection {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** path-style URLs (http://host/bucket/key): generic S3 servers; vendors use virtual hosts */
  forcePathStyle: boolean;
  /** key prefix ('' or 'folder/') */
  prefix: string;
  /** base of public URLs (protocol://domain), '' when unknown */
  publicBase: string;
}

const withScheme = (host: string, protocol: string) => (/^https?:\/\//i.test(host) ? host : `${protocol}://${host}`).replace(/\/+$/, '');

const clean = (s: string | undefined) => (s ?? '').trim();

export class OssConfigError extends Error {}

/** The host of an endpoint or domain as the form holds it: `host`, `host:port`, `scheme://host[:port]/path`, `[v6]`. */
export function endpointHost(value: string): string {
  const rest = value.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const bracketed = /^\[([^\]]*)\]/.exec(rest);
  if (bracketed) return bracketed[1];
  const hostPort = rest.split(/[/?#]/)[0];
  return net.isIPv6(hostPort) ? hostPort : hostPort.replace(/:\d*$/, '');
}

export function s3Connection(o: OssSetting): S3Connection {
  const protocol = o.protocol === 'http' ? 'http' : 'https';
  const bucket = clean(o.bucket);
  if (!bucket) throw new OssConfigError('object storage bucket is not set');
  let endpoint = clean(o.endpoint);
  let region = clean(o.region);
  let accessKeyId = clean(o.key);
  let secretAccessKey = clean(o.secret);
  let forcePathStyle = false;

  switch (o.oss_type) {
    case 'aliyun': {
      // endpoint like oss-cn-hangzhou.aliyuncs.com; S3 API on the same host, virtual-hosted style
      if (!endpoint && region) endpoint = `oss-${region.replace(/^oss-/, '')}.aliyuncs.com`;
      const m = /oss-([a-z0-9-]+?)(?:-internal)?\.aliyuncs\.com/i.exec(endpoint);
      if (!region && m) region = m[1];
      break;
    }
    case 'qcloud': {
      // Tencent COS: https://cos.<region>.myqcloud.com, credentials are SecretId/SecretKey
      if (!endpoint && region) endpoint = `cos.${region}.myqcloud.com`;
      const m = /cos\.([a-z0-9-]+)\.myqcloud\.com/i.exec(endpoint);
      if (!region && m) region = m[1];
      accessKeyId = clean(o.secretId) || accessKeyId;
      secretAccessKey = clean(o.secretKey) || secretAccessKey;
      break;
    }
    case 'qiniu': {
      // Qiniu Kodo's S3 endpoint: s3.<region>.qiniucs.com (region id like cn-east-1)
      if (!endpoint && region) endpoint = `s3.${region}.qiniucs.com`;
      const m = /s3[.-]([a-z0-9-]+)\.qiniucs\.com/i.exec(endpoint);
      if (!region && m) region = m[1];
      break;
    }
    default:
      // any S3-compatible server (MinIO, Ceph, AWS): path style works everywhere
      forcePathStyle = true;
      break;
  }
  if (!endpoint) throw new OssConfigError('object storage endpoint is not set');
  // refused when saved (siteSettings.ts); a setting stored before that check must not work either
  if (isForbiddenHost(endpointHost(endpoint))) throw new OssConfigError('object storage endpoint is a link-local or cloud metadata address');
  if (!accessKeyId || !secretAccessKey) throw new OssConfigError('object storage credentials are not set');
  const url = withScheme(endpoint, protocol);
  const domain = clean(o.domain);
  const host = url.replace(/^https?:\/\//i, '');
  const publicBase = domain
    ? withScheme(domain, protocol)
    : forcePathStyle
      ? `${url}/${bucket}`
      : `${url.slice(0, url.length - host.length)}${bucket}.${host}`;
  const sub = clean(o.subcat).replace(/^\/+|\/+$/g, '');
  const prefix = /^[A-Za-z0-9_-]{1,64}(?:\/[A-Za-z0-9_-]{1,64}){0,3}$/.test(sub) ? `${sub}/` : '';
  return { endpoint: url, region: region || 'us-east-1', bucket, accessKeyId, secretAccessKey, forcePathStyle, prefix, publicBase };
}
