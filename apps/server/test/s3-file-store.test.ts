// The S3-compatible file store (src/storage/s3-file-store.ts) against an S3 simulator on loopback
// that checks SigV4 signatures (s3-simulator.ts): the FileStore contract, then what is S3's own:
// refused credentials, parts of at least 5 MiB, a failed upload aborted, a prefix before keys.
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, s3FileStoreOptionsOf } from '../src/config/config.ts';
import type { Database } from '../src/db/client.ts';
import { createFileStore } from '../src/storage/create-file-store.ts';
import { S3FileStore, type S3FileStoreOptions } from '../src/storage/s3-file-store.ts';
import { describeFileStore, generatedSource, MiB, uniqueKey } from './file-store-conformance.ts';
import { startS3Simulator } from './s3-simulator.ts';

const simulator = await startS3Simulator();
const stores: S3FileStore[] = [];
afterAll(async () => {
  for (const store of stores) store.close();
  await simulator.close();
});

function storeWith(overrides: Partial<S3FileStoreOptions> = {}) {
  const store = new S3FileStore({
    endpoint: simulator.endpoint, region: simulator.region, bucket: simulator.bucket,
    accessKeyId: simulator.accessKeyId, secretAccessKey: simulator.secretAccessKey, forcePathStyle: true, ...overrides,
  });
  stores.push(store);
  return store;
}

const s3Settings = () => loadConfig({
  FILE_STORE: 's3', S3_ENDPOINT: simulator.endpoint, S3_REGION: simulator.region, S3_BUCKET: simulator.bucket,
  S3_ACCESS_KEY_ID: simulator.accessKeyId, S3_SECRET_ACCESS_KEY: simulator.secretAccessKey,
});

// Made from settings as the server makes it: path-style by default, since an endpoint is given.
describeFileStore('S3-compatible store', () => storeWith(s3FileStoreOptionsOf(s3Settings())!));

// The server's factory picks the S3 store when FILE_STORE=s3 (it never touches the database then).
describeFileStore('S3-compatible store chosen by FILE_STORE', () => createFileStore({ config: s3Settings(), db: null as unknown as Database }));

describe('S3-compatible store', () => {
  const operationsOn = (key: string) => simulator.operations.filter((entry) => entry.key === key);

  it('uploads a large file in parts of 5 MiB and a small one with a single PUT', async () => {
    const store = storeWith();
    const large = uniqueKey();
    await store.put(large, generatedSource(11 * MiB).stream, 'application/zip');
    const parts = operationsOn(large).filter((entry) => entry.operation === 'UploadPart');
    expect(parts.map((entry) => entry.partNumber).sort()).toEqual([1, 2, 3]);
    expect(operationsOn(large).map((entry) => entry.operation)).toEqual(expect.arrayContaining(['CreateMultipartUpload', 'CompleteMultipartUpload']));
    expect(simulator.object(large)!.body.length).toBe(11 * MiB);

    const small = uniqueKey();
    await store.put(small, generatedSource(4 * MiB).stream, 'application/pdf');
    expect(operationsOn(small).map((entry) => entry.operation)).toEqual(['PutObject']);
  });

  it('refuses wrong credentials as S3 does, and stores nothing', async () => {
    const key = uniqueKey();
    const wrongSecret = storeWith({ secretAccessKey: `${simulator.secretAccessKey}x` });
    await expect(wrongSecret.put(key, generatedSource(1_000).stream, 'application/zip')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
    await expect(wrongSecret.get(key)).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    await expect(wrongSecret.delete(key)).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    const unknownKey = storeWith({ accessKeyId: 'AKIAUNKNOWN000000000' });
    await expect(unknownKey.get(key)).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    expect(simulator.object(key)).toBeUndefined();
  });

  it('reports a missing bucket as an error, not as a missing file', async () => {
    await expect(storeWith({ bucket: 'no-such-bucket' }).get(uniqueKey())).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('retries a part the store failed once, and aborts the upload when a part keeps failing', async () => {
    const store = storeWith();
    const retried = uniqueKey();
    simulator.failUploadPart(2, 1);
    const source = generatedSource(11 * MiB);
    await store.put(retried, source.stream, 'application/zip');
    expect(operationsOn(retried).filter((entry) => entry.partNumber === 2).map((entry) => entry.status)).toEqual([500, 200]);
    expect(simulator.object(retried)!.body.length).toBe(11 * MiB);

    const failed = uniqueKey();
    simulator.failUploadPart(2, Infinity);
    try {
      await expect(store.put(failed, generatedSource(30 * MiB).stream, 'application/zip')).rejects.toMatchObject({ name: 'InternalError' });
    } finally {
      simulator.failUploadPart(2, 0);
    }
    const operations = operationsOn(failed);
    expect(operations.map((entry) => entry.operation)).toContain('AbortMultipartUpload');
    expect(operations.map((entry) => entry.operation)).not.toContain('CompleteMultipartUpload');
    expect(Math.max(...operations.map((entry) => entry.partNumber ?? 0)), 'no part sent after the failing one').toBe(2);
    expect(simulator.pendingUploads().filter((upload) => upload.key === failed)).toEqual([]);
    expect(simulator.object(failed)).toBeUndefined();
  });

  it('aborts the multipart upload when the source fails after the first parts', async () => {
    const key = uniqueKey();
    await expect(storeWith().put(key, generatedSource(20 * MiB, { failAfterBytes: 11 * MiB }).stream, 'application/zip')).rejects.toThrow('the source failed part way');
    const operations = operationsOn(key).map((entry) => entry.operation);
    expect(operations).toEqual(expect.arrayContaining(['CreateMultipartUpload', 'UploadPart', 'AbortMultipartUpload']));
    expect(operations).not.toContain('CompleteMultipartUpload');
    expect(simulator.pendingUploads()).toEqual([]);
  });

  it('puts the prefix before every key', async () => {
    const store = storeWith({ prefix: 'tenant-files/' });
    const key = uniqueKey();
    await store.put(key, generatedSource(10).stream, 'text/csv');
    expect(simulator.object(`tenant-files/${key}`)?.contentType).toBe('text/csv');
    expect(simulator.object(key)).toBeUndefined();
    expect((await store.get(key))?.size).toBe(10);
    await store.delete(key);
    expect(simulator.object(`tenant-files/${key}`)).toBeUndefined();
  });
});
