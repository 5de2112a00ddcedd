// A simulator of Twilio's Messages API on loopback, for the SMS adapter's tests (mail/sms.ts).
// It follows the published shapes: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`,
// form-encoded `To`, `From` or `MessagingServiceSid`, `Body`; HTTP basic auth with the account SID
// and auth token; 201 with the message resource; errors as `{ code, message, more_info, status }`
// (20003 authentication, 21211 invalid 'To', 21604 'Body' required).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface ReceivedSms {
  accountSid: string;
  to: string;
  from?: string;
  messagingServiceSid?: string;
  body: string;
}

export interface SmsApiSimulator {
  url: string;
  accountSid: string;
  authToken: string;
  /** Messages accepted, oldest first. */
  received: ReceivedSms[];
  /** Answers the next `count` requests with 503 (an outage), then accepts again. */
  failNext(count: number): void;
  /** Resolves once `count` messages were accepted. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedSms[]>;
  close(): Promise<void>;
}

const E164 = /^\+[1-9]\d{1,14}$/;
const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const twilioError = (status: number, code: number, message: string) => ({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startSmsApiSimulator(): Promise<SmsApiSimulator> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const received: ReceivedSms[] = [];
  const waiters: (() => void)[] = [];
  let failures = 0;

  const server: Server = createServer(async (request, response) => {
    const path = MESSAGES_PATH.exec(request.url ?? '');
    if (request.method !== 'POST' || !path) return answer(response, 404, twilioError(404, 20404, 'The requested resource was not found'));
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (request.headers.authorization !== expected || decodeURIComponent(path[1]!) !== accountSid) {
      return answer(response, 401, twilioError(401, 20003, 'Authenticate'));
    }
    if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return answer(response, 415, twilioError(415, 20415, 'Unsupported media type'));
    }
    const form = new URLSearchParams(await readBody(request));
    if (failures > 0) {
      failures--;
      return answer(response, 503, twilioError(503, 20503, 'Service unavailable'));
    }
    const to = form.get('To') ?? '';
    if (!E164.test(to)) return answer(response, 400, twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`));
    const body = form.get('Body') ?? '';
    if (!body) return answer(response, 400, twilioError(400, 21602, 'Message body is required.'));
    const from = form.get('From') ?? undefined;
    const messagingServiceSid = form.get('MessagingServiceSid') ?? undefined;
    if (!from && !messagingServiceSid) return answer(response, 400, twilioError(400, 21603, "A 'From' phone number is required."));
    received.push({ accountSid, to, from, messagingServiceSid, body });
    for (const wake of waiters.splice(0)) wake();
    return answer(response, 201, {
      sid: `SM${randomBytes(16).toString('hex')}`, account_sid: accountSid, to, from: from ?? null, messaging_service_sid: messagingServiceSid ?? null,
      body, status: 'queued', num_segments: '1', direction: 'outbound-api', api_version: '2010-04-01', date_created: new Date().toUTCString(),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    received,
    failNext(count) {
      failures = count;
    },
    async waitForMessages(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`The SMS API received ${received.length} message(s), not ${count}, within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
