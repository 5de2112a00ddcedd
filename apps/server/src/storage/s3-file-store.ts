// Files in an S3-compatible object store (AWS S3, MinIO, Ceph, R2, ...), chosen with FILE_STORE=s3.
// Uploads stream in parts: a bundle of unknown length is never held whole in memory (one part at a
// time), and a failed upload is aborted so no parts are left behind to be billed. Downloads stream
// from the store through this server, so every download is recorded and a file is never reachable
// without the API's permission check (docs/DECISIONS.md).
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { FileStore, StoredFile } from './file-store.ts';

export interface S3FileStoreOptions {
  /** Base URL of an S3-compatible store (e.g. http://minio:9000); none for AWS S3 itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key`: what MinIO and most others expect. */
  forcePathStyle: boolean;
  /** Put before every key, e.g. `clearlane/`, so one bucket can hold several deployments' files. */
  prefix?: string;
}

/** S3's smallest part (every part but the last must be at least this): memory per upload stays small. */
const PART_SIZE = 5 * 1024 * 1024;
/**
 * One part in flight: an upload holds one part in memory, and a part that fails (after the SDK's
 * retries) stops the reading of the source at once. With two uploaders, the second would read and
 * send the rest of the file before the upload is aborted.
 */
const QUEUE_SIZE = 1;
const CONNECT_TIMEOUT_MS = 10_000;

export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3FileStoreOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? '';
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Checksum headers only where S3 requires them: several S3-compatible stores refuse the
      // CRC32 headers the SDK adds by default. The payload is still covered by the SigV4 signature
      // (its SHA-256) and each part's ETag is checked when the upload completes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // No socket timeout: a download to a slow client pauses the store's stream for as long as it
      // takes. Connecting to an unreachable store, though, fails in seconds rather than hanging a job.
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS },
    });
  }

  async put(key: string, body: Readable, contentType: string): Promise<{ size: number }> {
    let size = 0;
    const counted = Readable.from(
      (async function* countBytes() {
        for await (const chunk of body) {
          const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
          size += bytes.length;
          yield bytes;
        }
      })(),
    );
    // One PutObject when the file fits in a part; otherwise a multipart upload, which Upload aborts
    // (AbortMultipartUpload) when a part or the source fails, so nothing is left under the key.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.objectKey(key), Body: counted, ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      body.destroy(); // a part failed: stop whatever is still producing the file
      throw error;
    }
    return { size };
  }

  async get(key: string): Promise<StoredFile | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      if (!(object.Body instanceof Readable)) throw new Error(`The object store answered ${key} without a readable body`);
      return { body: object.Body, size: object.ContentLength ?? 0, contentType: object.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      // Only a missing key is "no file". A missing bucket or refused credentials are a broken
      // setting and must be seen as errors (AWS answers 403, not 404, for a missing key when the
      // credentials lack s3:ListBucket: README, Configuration).
      if (isNoSuchKey(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
    } catch (error) {
      // S3 answers 204 for a missing key; a few compatible stores answer NoSuchKey instead.
      if (!isNoSuchKey(error)) throw error;
    }
  }

  /** Closes the client's pooled connections (at shutdown). */
  close() {
    this.client.destroy();
  }

  private objectKey(key: string) {
    return `${this.prefix}${key}`;
  }
}

/** S3's error code for a key that holds nothing (the SDK names its errors by their code). */
const isNoSuchKey = (error: unknown) => error instanceof Error && error.name === 'NoSuchKey';
