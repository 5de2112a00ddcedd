// Text messages leave through an HTTP SMS API with the shape of Twilio's Messages API
// (`POST {SMS_API_URL}/2010-04-01/Accounts/{SMS_ACCOUNT_SID}/Messages.json`, form-encoded, HTTP
// basic auth with the account SID and auth token), which Twilio and compatible services (e.g.
// SignalWire's compatibility API) speak. Without settings there is no sender and SMS codes stay in
// the outbox (mail/messenger.ts).
import type { Config } from '../config/config.ts';

export interface SmsMessage {
  /** E.164, e.g. +15551234567. */
  to: string;
  body: string;
}

/** What the provider answered about one message. */
export type SmsOutcome =
  | { kind: 'sent'; providerId: string }
  /** The provider refused this message for good (a bad number, a blocked recipient): retrying cannot help. */
  | { kind: 'refused'; reason: string };

export interface SmsSender {
  /** Resolves with the outcome; throws on a failure worth retrying (network, 5xx, 429). */
  send(message: SmsMessage): Promise<SmsOutcome>;
}

/** A provider answer worth another try later (the job queue retries it with backoff). */
export class SmsDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}

/** A messaging service SID sends from a pool of numbers instead of one `From` number. */
const MESSAGING_SERVICE_SID = /^MG[0-9a-fA-F]{32}$/;
const REQUEST_TIMEOUT_MS = 10_000;

export interface MessagesApiSettings {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
}

export class MessagesApiSmsSender implements SmsSender {
  private readonly endpoint: string;
  private readonly authorization: string;

  constructor(private readonly settings: MessagesApiSettings) {
    this.endpoint = `${settings.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
    this.authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  }

  async send(message: SmsMessage): Promise<SmsOutcome> {
    const form = new URLSearchParams({ To: message.to, Body: message.body });
    if (MESSAGING_SERVICE_SID.test(this.settings.from)) form.set('MessagingServiceSid', this.settings.from);
    else form.set('From', this.settings.from);
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: { authorization: this.authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new SmsDeliveryError(`The SMS API could not be reached: ${(error as Error).message}`);
    }
    const answer = (await response.json().catch(() => ({}))) as { sid?: unknown; code?: unknown; message?: unknown };
    if (response.ok && typeof answer.sid === 'string') return { kind: 'sent', providerId: answer.sid };
    const reason = `SMS API answered ${response.status}${typeof answer.code === 'number' ? ` (error ${answer.code})` : ''}: ${typeof answer.message === 'string' ? answer.message : response.statusText}`;
    // 4xx other than a timeout or a rate limit is this message's own fault (Twilio: 21211 invalid
    // 'To', 21610 unsubscribed recipient) or the account's (20003 bad credentials), which the
    // operator must fix; neither gets better by retrying the same request.
    if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) return { kind: 'refused', reason };
    throw new SmsDeliveryError(reason);
  }
}

/** The configured SMS sender, or undefined when SMS settings are absent (codes stay in the outbox). */
export function smsSenderFrom(config: Config): SmsSender | undefined {
  if (!config.SMS_ACCOUNT_SID || !config.SMS_AUTH_TOKEN || !config.SMS_FROM) return undefined;
  return new MessagesApiSmsSender({ apiUrl: config.SMS_API_URL, accountSid: config.SMS_ACCOUNT_SID, authToken: config.SMS_AUTH_TOKEN, from: config.SMS_FROM });
}
