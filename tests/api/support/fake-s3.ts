import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small fake of an S3-compatible bucket service on 127.0.0.1, path-style (`/<bucket>/<key>`), speaking the REST
 * calls our adapter makes (server/storage/s3.ts): PutObject, GetObject, HeadObject, DeleteObject and ListObjectsV2,
 * with S3's XML errors. Every request must carry a valid AWS Signature Version 4 for the one known key pair, like
 * AWS, MinIO or R2 would check it; any other call is 501, so an adapter that starts using one fails here first.
 */
export class FakeS3 {
  readonly region = 'us-east-1';
  readonly accessKeyId = 'FAKES3ACCESSKEY';
  readonly secretAccessKey = 'fake-s3-secret-key-for-tests';
  server = http.createServer((req, res) => void this.handle(req, res));
  url = '';
  /** Every request received, signed or not. */
  requests = 0;
  /** Most objects a ListObjectsV2 page holds (S3's is 1000): small, it makes the adapter follow the pages. */
  pageSize = 1000;
  private buckets = new Map<string, Map<string, StoredObject>>();

  constructor(buckets: string[]) {
    for (const name of buckets) this.buckets.set(name, new Map());
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** What the bucket holds under `key` (the object's bytes and content type), or undefined. */
  object(bucket: string, key: string): { content: Buffer; contentType: string } | undefined {
    const stored = this.buckets.get(bucket)?.get(key);
    return stored && { content: stored.content, contentType: stored.contentType };
  }

  /** Every key in the bucket, sorted. */
  keys(bucket: string): string[] {
    return [...(this.buckets.get(bucket)?.keys() ?? [])].sort();
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    this.requests++;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://fake');
    const refused = this.checkSignature(req, url, body);
    if (refused) return sendError(res, req.method, ...refused);

    const [, bucketName = '', ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const bucket = this.buckets.get(decodeURIComponent(bucketName));
    if (!bucket) return sendError(res, req.method, 404, 'NoSuchBucket', 'The specified bucket does not exist');

    if (!key && req.method === 'GET' && url.searchParams.get('list-type') === '2') return this.list(bucket, url, res);
    if (key && req.method === 'PUT') {
      if (req.headers['content-encoding']?.includes('aws-chunked'))
        return sendError(res, req.method, 501, 'NotImplemented', 'aws-chunked uploads are not faked');
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      const contentType = req.headers['content-type'] ?? 'application/octet-stream';
      bucket.set(key, { content: body, contentType, etag, lastModified: new Date() });
      res.writeHead(200, { etag }).end();
      return;
    }
    if (key && (req.method === 'GET' || req.method === 'HEAD')) {
      const stored = bucket.get(key);
      if (!stored) return sendError(res, req.method, 404, 'NoSuchKey', 'The specified key does not exist.');
      res.writeHead(200, {
        'content-type': stored.contentType,
        'content-length': stored.content.length,
        etag: stored.etag,
        'last-modified': stored.lastModified.toUTCString(),
      });
      res.end(req.method === 'GET' ? stored.content : undefined);
      return;
    }
    if (key && req.method === 'DELETE') {
      // Like AWS: deleting a missing object is not an error.
      bucket.delete(key);
      res.writeHead(204).end();
      return;
    }
    sendError(res, req.method, 501, 'NotImplemented', `${req.method} ${url.pathname}${url.search} is not faked`);
  }

  private list(bucket: Map<string, StoredObject>, url: URL, res: http.ServerResponse): void {
    const prefix = url.searchParams.get('prefix') ?? '';
    const token = url.searchParams.get('continuation-token');
    const after = token ? Buffer.from(token, 'base64url').toString('utf8') : '';
    const max = Math.min(Number(url.searchParams.get('max-keys') ?? 1000), this.pageSize);
    const matching = [...bucket.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
    const page = matching.slice(0, max);
    const truncated = matching.length > page.length;
    const contents = page.map((k) => {
      const o = bucket.get(k)!;
      return (
        `<Contents><Key>${xml(k)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified>` +
        `<ETag>${xml(o.etag)}</ETag><Size>${o.content.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`
      );
    });
    const next = truncated ? Buffer.from(page[page.length - 1]).toString('base64url') : '';
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(
      '<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
        `<Prefix>${xml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys>` +
        `<IsTruncated>${truncated}</IsTruncated>${token ? `<ContinuationToken>${xml(token)}</ContinuationToken>` : ''}` +
        `${truncated ? `<NextContinuationToken>${next}</NextContinuationToken>` : ''}${contents.join('')}` +
        '</ListBucketResult>',
    );
  }

  /** Why the request's Signature Version 4 is refused (status, S3 code, message), or null when it is right. */
  private checkSignature(req: http.IncomingMessage, url: URL, body: Buffer): [number, string, string] | null {
    const match = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? '',
    );
    if (!match) return [403, 'AccessDenied', 'Access Denied'];
    const [, credential, signedHeaders, signature] = match;
    const [accessKeyId, date, region, service, terminator] = credential.split('/');
    if (accessKeyId !== this.accessKeyId)
      return [403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.'];
    if (region !== this.region || service !== 's3' || terminator !== 'aws4_request')
      return [400, 'AuthorizationHeaderMalformed', `The authorization header is malformed; the region is wrong`];
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));
    if (!amzDate.startsWith(date) || !(Math.abs(Date.now() - signedAt) < 15 * 60_000))
      return [
        403,
        'RequestTimeTooSkewed',
        'The difference between the request time and the current time is too large.',
      ];
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== createHash('sha256').update(body).digest('hex'))
      return [400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match."];

    const names = signedHeaders.split(';');
    if (!names.includes('host')) return [403, 'AccessDenied', 'The host header must be signed'];
    const canonicalRequest = [
      req.method,
      url.pathname, // S3 signs the path as sent, encoded once
      canonicalQuery(url.search.slice(1)),
      ...names.map((name) => `${name}:${headerValue(req.headers[name])}`),
      '',
      signedHeaders,
      payloadHash,
    ].join('\n');
    const stringToSign = [
      'AWS4-HMAC-SHA256',
      amzDate,
      `${date}/${region}/s3/aws4_request`,
      createHash('sha256').update(canonicalRequest).digest('hex'),
    ].join('\n');
    let signingKey: Buffer = Buffer.from(`AWS4${this.secretAccessKey}`);
    for (const part of [date, region, 's3', 'aws4_request']) signingKey = hmac(signingKey, part);
    const expected = hmac(signingKey, stringToSign);
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex')))
      return [
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
      ];
    return null;
  }
}

interface StoredObject {
  content: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/** RFC 3986 encoding, as Signature Version 4 asks (encodeURIComponent leaves !'()* alone). */
const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(search: string): string {
  if (!search) return '';
  return search
    .split('&')
    .map((pair) => {
      const [name, value = ''] = pair.split('=');
      return [uriEncode(decodeURIComponent(name)), uriEncode(decodeURIComponent(value))];
    })
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

const headerValue = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');

const xml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

function sendError(
  res: http.ServerResponse,
  method: string | undefined,
  status: number,
  code: string,
  message: string,
) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  // A HEAD answer has no body: the client reads the status alone.
  if (method === 'HEAD') return void res.end();
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${xml(message)}</Message></Error>`,
  );
}
