// A simulator of an S3-compatible object store on loopback, for the S3 file store's tests
// (src/storage/s3-file-store.ts). One bucket, objects in memory, path-style addressing
// (`/{bucket}/{key}`), and the operations the store uses, answered in S3's shapes:
//   PutObject, GetObject, HeadObject, DeleteObject, HeadBucket,
//   CreateMultipartUpload (POST ?uploads), UploadPart (PUT ?partNumber&uploadId),
//   CompleteMultipartUpload (POST ?uploadId), AbortMultipartUpload (DELETE ?uploadId).
// Every request must carry a valid AWS Signature Version 4 made with the simulator's key pair, as S3
// checks it: an unknown key is 403 InvalidAccessKeyId, a wrong secret 403 SignatureDoesNotMatch, a
// body that does not match its signed SHA-256 400 XAmzContentSHA256Mismatch. Errors are S3's XML
// `<Error><Code>…</Code><Message>…</Message>…</Error>` with its codes (NoSuchKey, NoSuchUpload,
// InvalidPart, InvalidPartOrder, EntityTooSmall, …).
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3Operation {
  operation: string;
  key: string;
  status: number;
  partNumber?: number;
}

export interface S3Simulator {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Every request: the operation it named and the status answered (refused ones too), oldest first. */
  operations: S3Operation[];
  /** The stored object, or undefined. */
  object(key: string): { body: Buffer; contentType: string } | undefined;
  objectKeys(): string[];
  /** Multipart uploads started and neither completed nor aborted. */
  pendingUploads(): { key: string; uploadId: string; parts: number }[];
  /** Answers UploadPart of `partNumber` with 500 InternalError the next `times` times (Infinity: always). */
  failUploadPart(partNumber: number, times: number): void;
  close(): Promise<void>;
}

const MIN_PART_BYTES = 5 * 1024 * 1024;
const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
const S3_XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';

class S3Error extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly details: Record<string, string> = {}) {
    super(message);
  }
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
const unescapeXml = (text: string) =>
  text.replace(/&(quot|amp|lt|gt|apos|#\d+|#x[0-9a-f]+);/gi, (_, entity: string) => {
    const named: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" };
    if (entity in named) return named[entity]!;
    return String.fromCodePoint(entity[1] === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10));
  });
const xmlElements = (fields: Record<string, string>) => Object.entries(fields).map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`).join('');

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is percent-encoded. */
const sigv4Encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const md5Hex = (data: Buffer) => createHash('md5').update(data).digest('hex');

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

interface SignedRequest {
  method: string;
  rawPath: string;
  rawQuery: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** Checks the request's SigV4 signature and payload hash as S3 does; throws S3's error otherwise. */
function verifySignature(request: SignedRequest, credentials: { accessKeyId: string; secretAccessKey: string; region: string }) {
  const authorization = request.headers.authorization;
  if (!authorization) throw new S3Error(403, 'AccessDenied', 'Access Denied');
  const parsed = /^AWS4-HMAC-SHA256 Credential=([^,]+),\s*SignedHeaders=([^,]+),\s*Signature=([0-9a-f]{64})$/.exec(authorization);
  if (!parsed) throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  const [, credential, signedHeaderList, signature] = parsed as unknown as [string, string, string, string];
  const [accessKeyId, date, region, service, terminator] = credential.split('/');
  if (accessKeyId !== credentials.accessKeyId) {
    throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', { AWSAccessKeyId: accessKeyId ?? '' });
  }
  if (region !== credentials.region || service !== 's3' || terminator !== 'aws4_request') {
    throw new S3Error(400, 'AuthorizationHeaderMalformed', `The authorization header is malformed; the region '${region}' is wrong; expecting '${credentials.region}'`);
  }
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const time = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!time || amzDate.slice(0, 8) !== date) throw new S3Error(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
  const [, year, month, day, hour, minute, second] = time.map(Number) as number[];
  if (Math.abs(Date.UTC(year!, month! - 1, day, hour, minute, second) - Date.now()) > MAX_CLOCK_SKEW_MS) {
    throw new S3Error(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
  }

  const signedHeaders = signedHeaderList.split(';');
  const unsigned = Object.keys(request.headers).filter((name) => (name.startsWith('x-amz-') || name === 'host') && !signedHeaders.includes(name));
  if (unsigned.length > 0) throw new S3Error(403, 'AccessDenied', `There were headers present in the request which were not signed: ${unsigned.join(', ')}`);
  const payloadHash = request.headers['x-amz-content-sha256'];
  if (typeof payloadHash !== 'string') throw new S3Error(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');

  const canonicalUri = request.rawPath.split('/').map((segment) => sigv4Encode(decodeURIComponent(segment))).join('/');
  const canonicalQuery = request.rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [name = '', value = ''] = pair.split(/=(.*)/s);
      return [sigv4Encode(decodeURIComponent(name)), sigv4Encode(decodeURIComponent(value))] as const;
    })
    .sort(([nameA, valueA], [nameB, valueB]) => (nameA === nameB ? (valueA < valueB ? -1 : 1) : nameA < nameB ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders.map((name) => `${name}:${String(request.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalRequest = [request.method, canonicalUri, canonicalQuery, canonicalHeaders, signedHeaderList, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = ['s3', 'aws4_request'].reduce(hmac, hmac(hmac(`AWS4${credentials.secretAccessKey}`, date!), region));
  const expected = hmac(signingKey, stringToSign);
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
    throw new S3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.', {
      AWSAccessKeyId: accessKeyId, StringToSign: stringToSign, CanonicalRequest: canonicalRequest,
    });
  }

  if (/^[0-9a-f]{64}$/.test(payloadHash)) {
    if (sha256Hex(request.body) !== payloadHash) {
      throw new S3Error(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
    }
  } else if (payloadHash !== 'UNSIGNED-PAYLOAD') {
    // Chunked (aws-chunked, trailing checksum) uploads: the store asks the SDK not to use them.
    throw new S3Error(501, 'NotImplemented', `x-amz-content-sha256 ${payloadHash} is not supported by this simulator`);
  }
  const contentMd5 = request.headers['content-md5'];
  if (typeof contentMd5 === 'string' && createHash('md5').update(request.body).digest('base64') !== contentMd5) {
    throw new S3Error(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
  }
}

interface StoredObject {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

interface MultipartUpload {
  key: string;
  contentType: string;
  parts: Map<number, { body: Buffer; etag: string }>;
}

/** The S3 operation a path-style request names (its method, whether it has a key, its query). */
function operationOf(method: string, key: string, query: URLSearchParams): string {
  if (!key) return method === 'HEAD' ? 'HeadBucket' : 'unsupported';
  if (method === 'PUT') return query.has('uploadId') ? 'UploadPart' : 'PutObject';
  if (method === 'POST') return query.has('uploads') ? 'CreateMultipartUpload' : query.has('uploadId') ? 'CompleteMultipartUpload' : 'unsupported';
  if (method === 'DELETE') return query.has('uploadId') ? 'AbortMultipartUpload' : 'DeleteObject';
  if (method === 'GET') return 'GetObject';
  return method === 'HEAD' ? 'HeadObject' : 'unsupported';
}

const KNOWN_QUERY = new Set(['uploads', 'uploadId', 'partNumber', 'x-id']);

export async function startS3Simulator(options: { region?: string; bucket?: string } = {}): Promise<S3Simulator> {
  const region = options.region ?? 'us-east-1';
  const bucket = options.bucket ?? 'clearlane-files';
  const accessKeyId = `AKIA${randomBytes(8).toString('hex').toUpperCase()}`;
  const secretAccessKey = randomBytes(30).toString('base64');
  const objects = new Map<string, StoredObject>();
  const uploads = new Map<string, MultipartUpload>();
  const partFailures = new Map<number, number>();
  const operations: S3Operation[] = [];

  function answerXml(response: ServerResponse, status: number, rootName: string, fields: Record<string, string>) {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<${rootName} xmlns="${S3_XMLNS}">${xmlElements(fields)}</${rootName}>`;
    response.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml) });
    response.end(xml);
  }

  function answerError(request: IncomingMessage, response: ServerResponse, error: S3Error, key: string) {
    if (request.method === 'HEAD') {
      response.writeHead(error.status).end(); // S3 answers HEAD errors without a body
      return;
    }
    const fields = { Code: error.code, Message: error.message, ...(key ? { Key: key } : {}), ...error.details, RequestId: String(response.getHeader('x-amz-request-id')) };
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error>${xmlElements(fields)}</Error>`;
    response.writeHead(error.status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml) });
    response.end(xml);
  }

  function uploadOf(uploadId: string, key: string) {
    const upload = uploads.get(uploadId);
    if (!upload || upload.key !== key) {
      throw new S3Error(404, 'NoSuchUpload', 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.', { UploadId: uploadId });
    }
    return upload;
  }

  function objectOf(key: string) {
    const object = objects.get(key);
    if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
    return object;
  }

  function sendObject(response: ServerResponse, object: StoredObject, withBody: boolean) {
    response.writeHead(200, {
      'content-type': object.contentType, 'content-length': object.body.length, etag: object.etag,
      'last-modified': object.lastModified.toUTCString(), 'accept-ranges': 'bytes',
    });
    response.end(withBody ? object.body : undefined);
  }

  function completeUpload(key: string, uploadId: string, body: Buffer, response: ServerResponse) {
    const upload = uploadOf(uploadId, key);
    const listed = [...body.toString('utf8').matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map(([, part]) => ({
      partNumber: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(part!)?.[1]),
      etag: unescapeXml(/<ETag>([\s\S]*?)<\/ETag>/.exec(part!)?.[1] ?? ''),
    }));
    if (listed.length === 0) throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.');
    const parts = listed.map(({ partNumber, etag }, index) => {
      if (index > 0 && partNumber <= listed[index - 1]!.partNumber) throw new S3Error(400, 'InvalidPartOrder', 'The list of parts was not in ascending order. Parts must be ordered by part number.');
      const part = upload.parts.get(partNumber);
      if (!part || part.etag !== etag) throw new S3Error(400, 'InvalidPart', 'One or more of the specified parts could not be found. The part may not have been uploaded, or the specified entity tag may not match the part\'s entity tag.');
      if (index < listed.length - 1 && part.body.length < MIN_PART_BYTES) throw new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.');
      return part;
    });
    const etagOfParts = createHash('md5').update(Buffer.concat(parts.map((part) => Buffer.from(part.etag.replaceAll('"', ''), 'hex')))).digest('hex');
    const etag = `"${etagOfParts}-${parts.length}"`;
    objects.set(key, { body: Buffer.concat(parts.map((part) => part.body)), contentType: upload.contentType, etag, lastModified: new Date() });
    uploads.delete(uploadId);
    answerXml(response, 200, 'CompleteMultipartUploadResult', { Location: `/${bucket}/${key}`, Bucket: bucket, Key: key, ETag: etag });
  }

  /** Runs one signed request of `operation` (operationOf). */
  function operate(operation: string, key: string, query: URLSearchParams, request: IncomingMessage, body: Buffer, response: ServerResponse) {
    const uploadId = query.get('uploadId') ?? '';
    const contentType = request.headers['content-type'] ?? 'binary/octet-stream';
    switch (operation) {
      case 'HeadBucket':
        response.writeHead(200, { 'x-amz-bucket-region': region }).end();
        return;
      case 'PutObject': {
        const etag = `"${md5Hex(body)}"`;
        objects.set(key, { body, contentType, etag, lastModified: new Date() });
        response.writeHead(200, { etag }).end();
        return;
      }
      case 'CreateMultipartUpload': {
        const newUploadId = randomUUID().replaceAll('-', '');
        uploads.set(newUploadId, { key, contentType, parts: new Map() });
        answerXml(response, 200, 'InitiateMultipartUploadResult', { Bucket: bucket, Key: key, UploadId: newUploadId });
        return;
      }
      case 'UploadPart': {
        const partNumber = Number(query.get('partNumber'));
        if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) throw new S3Error(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive');
        const upload = uploadOf(uploadId, key);
        const failuresLeft = partFailures.get(partNumber) ?? 0;
        if (failuresLeft > 0) {
          partFailures.set(partNumber, failuresLeft - 1);
          throw new S3Error(500, 'InternalError', 'We encountered an internal error. Please try again.');
        }
        const etag = `"${md5Hex(body)}"`;
        upload.parts.set(partNumber, { body, etag });
        response.writeHead(200, { etag }).end();
        return;
      }
      case 'CompleteMultipartUpload':
        completeUpload(key, uploadId, body, response);
        return;
      case 'AbortMultipartUpload':
        uploadOf(uploadId, key);
        uploads.delete(uploadId);
        response.writeHead(204).end();
        return;
      case 'DeleteObject':
        objects.delete(key);
        response.writeHead(204).end();
        return;
      case 'GetObject':
      case 'HeadObject':
        sendObject(response, objectOf(key), operation === 'GetObject');
        return;
      default:
        throw new S3Error(501, 'NotImplemented', `This simulator does not implement ${request.method} ${request.url}`);
    }
  }

  const server: Server = createServer(async (request, response) => {
    response.setHeader('x-amz-request-id', randomBytes(8).toString('hex').toUpperCase());
    const [rawPath = '/', rawQuery = ''] = (request.url ?? '/').split(/\?(.*)/s);
    const [, bucketName = '', ...keySegments] = rawPath.split('/');
    const key = keySegments.map(decodeURIComponent).join('/');
    const query = new URLSearchParams(rawQuery);
    const method = request.method ?? 'GET';
    const operation = operationOf(method, key, query);
    try {
      const body = await readBody(request);
      verifySignature({ method, rawPath, rawQuery, headers: request.headers, body }, { accessKeyId, secretAccessKey, region });
      if (decodeURIComponent(bucketName) !== bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', { BucketName: decodeURIComponent(bucketName) });
      const unknown = [...query.keys()].filter((name) => !KNOWN_QUERY.has(name));
      if (unknown.length > 0) throw new S3Error(501, 'NotImplemented', `This simulator does not implement ?${unknown.join('&')}`);
      operate(operation, key, query, request, body, response);
    } catch (error) {
      if (!(error instanceof S3Error)) throw error;
      answerError(request, response, error, key);
    }
    const partNumber = query.has('partNumber') ? Number(query.get('partNumber')) : undefined;
    operations.push({ operation, key, status: response.statusCode, ...(partNumber === undefined ? {} : { partNumber }) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    region,
    bucket,
    accessKeyId,
    secretAccessKey,
    operations,
    object(key) {
      const object = objects.get(key);
      return object && { body: object.body, contentType: object.contentType };
    },
    objectKeys: () => [...objects.keys()],
    pendingUploads: () => [...uploads.entries()].map(([uploadId, upload]) => ({ key: upload.key, uploadId, parts: upload.parts.size })),
    failUploadPart(partNumber, times) {
      partFailures.set(partNumber, times);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
