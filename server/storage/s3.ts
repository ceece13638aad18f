import { randomUUID } from 'node:crypto';
import { isStorageKey, MIME_OF, STORAGE_FOLDERS, type Storage } from './storage';

export interface S3Options {
  bucket: string;
  region: string;
  /** MinIO, R2, etc.; absent for AWS itself. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Lets several apps (or environments) share one bucket: objects live under `<prefix>/<key>`. */
  prefix?: string;
}

/** An S3-compatible bucket: several instances see the same files, unlike the local directory. */
export function s3Storage(options: S3Options): Storage {
  // The SDK (~20 MB once loaded) is imported only by servers that keep their files in a bucket.
  const sdk = import('@aws-sdk/client-s3');
  const client = sdk.then(
    ({ S3Client }) =>
      new S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
        // The SDK's default checksum headers are refused by several S3-compatible services; AWS needs none.
        ...(options.endpoint
          ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
          : {}),
        // Without limits, an unreachable endpoint would hold a request open forever.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
      }),
  );
  const Bucket = options.bucket;
  const prefix = options.prefix ? `${options.prefix.replace(/^\/+|\/+$/g, '')}/` : '';
  // Same refusal as the local adapter, before any request leaves: a key from anywhere else is never sent.
  const objectKey = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`chave de arquivo inválida: ${key.slice(0, 80)}`);
    return prefix + key;
  };
  const write = async (key: string, content: Buffer) => {
    const Key = objectKey(key);
    const { PutObjectCommand } = await sdk;
    const extension = key.slice(key.lastIndexOf('.') + 1);
    await (
      await client
    ).send(
      new PutObjectCommand({
        Bucket,
        Key,
        Body: content,
        ContentType: MIME_OF[extension] ?? 'application/octet-stream',
      }),
    );
  };
  return {
    async put(folder, extension, content) {
      const key = `${folder}/${randomUUID()}.${extension}`;
      await write(key, content);
      return key;
    },
    write,
    async *keys() {
      const { ListObjectsV2Command } = await sdk;
      for (const folder of STORAGE_FOLDERS) {
        let ContinuationToken: string | undefined;
        do {
          const page = await (
            await client
          ).send(new ListObjectsV2Command({ Bucket, Prefix: `${prefix}${folder}/`, ContinuationToken }));
          for (const object of page.Contents ?? []) {
            const key = (object.Key ?? '').slice(prefix.length);
            // Objects the server never wrote (another app's, under the same prefix) are not ours to copy.
            if (isStorageKey(key)) yield key;
          }
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
      }
    },
    async get(key) {
      const Key = objectKey(key);
      const { GetObjectCommand } = await sdk;
      try {
        const object = await (await client).send(new GetObjectCommand({ Bucket, Key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const Key = objectKey(key);
      const { DeleteObjectCommand } = await sdk;
      try {
        await (await client).send(new DeleteObjectCommand({ Bucket, Key }));
      } catch (error) {
        // AWS answers 204 for a missing object, but some compatible services answer 404.
        if (!isMissing(error)) throw error;
      }
    },
  };
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  // A missing bucket is a configuration error, not a missing file: it must not look like "no photo".
  if (e?.name === 'NoSuchBucket') return false;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
