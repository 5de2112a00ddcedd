// SMS through the provider adapter (mail/sms.ts): Twilio's Messages API shape, tested against a
// simulator on loopback (sms-api-simulator.ts); delivered by the same retried job as mail.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { outbox } from '../src/db/schema.ts';
import { MessagesApiSmsSender, SmsDeliveryError } from '../src/mail/sms.ts';
import { Messenger } from '../src/mail/messenger.ts';
import { describeEachDatabase, newCompany, newUser, openTestDatabase, post, sixDigitCodeIn, testConfig } from './helpers.ts';
import { startSmsApiSimulator } from './sms-api-simulator.ts';
import { configProblemsOf } from './config-problems.ts';

const simulator = await startSmsApiSimulator();
afterAll(() => simulator.close());

const smsEnv = { SMS_API_URL: simulator.url, SMS_ACCOUNT_SID: simulator.accountSid, SMS_AUTH_TOKEN: simulator.authToken, SMS_FROM: '+15005550006' };
const senderWith = (overrides: Partial<{ authToken: string; from: string }> = {}) =>
  new MessagesApiSmsSender({ apiUrl: simulator.url, accountSid: simulator.accountSid, authToken: simulator.authToken, from: '+15005550006', ...overrides });

let phoneCounter = 0;
const uniquePhone = () => `+1555${String(Date.now() % 1_000_000).padStart(6, '0')}${phoneCounter++ % 10}`;

describe('SMS settings', () => {
  it('names every missing or bad SMS setting at once, with the other bad settings', () => {
    const problems = configProblemsOf({ PORT: 'eighty', SMS_ACCOUNT_SID: 'AC123', SMS_FROM: '555-1234', SMS_API_URL: 'api.twilio.com' });
    expect(problems).toEqual(expect.arrayContaining([
      expect.stringMatching(/^PORT: /),
      expect.stringMatching(/^SMS_API_URL: must be an absolute URL/),
      expect.stringMatching(/^SMS_FROM: must be a phone number in E\.164 form/),
      expect.stringMatching(/^SMS_AUTH_TOKEN: is required when any SMS_ setting is set/),
    ]));
    expect(problems).toHaveLength(4);
  });

  it('without SMS settings there is no SMS API, and with all three it is Twilio by default', () => {
    expect(configProblemsOf({})).toEqual([]);
    const config = loadConfig({ SMS_ACCOUNT_SID: 'AC123', SMS_AUTH_TOKEN: 'secret', SMS_FROM: `MG${'0'.repeat(32)}` });
    expect(config.SMS_API_URL).toBe('https://api.twilio.com');
  });
});

describe('the Messages API adapter against the simulator', () => {
  it('sends To, From and Body form-encoded with basic auth, and returns the message SID', async () => {
    const before = simulator.received.length;
    const outcome = await senderWith().send({ to: '+15551230001', body: 'Your code is 123456.' });
    expect(outcome).toMatchObject({ kind: 'sent', providerId: expect.stringMatching(/^SM[0-9a-f]{32}$/) });
    expect(simulator.received.slice(before)).toEqual([{ accountSid: simulator.accountSid, to: '+15551230001', from: '+15005550006', messagingServiceSid: undefined, body: 'Your code is 123456.' }]);
  });

  it('sends from a messaging service when SMS_FROM is its SID', async () => {
    const service = `MG${'a'.repeat(32)}`;
    const before = simulator.received.length;
    await senderWith({ from: service }).send({ to: '+15551230002', body: 'hello' });
    expect(simulator.received.slice(before)).toMatchObject([{ messagingServiceSid: service, from: undefined }]);
  });

  it('a refusal for good (bad number, bad credentials) is an outcome; an outage is thrown to be retried', async () => {
    expect(await senderWith().send({ to: '555-0100', body: 'x' })).toEqual({ kind: 'refused', reason: expect.stringMatching(/400 \(error 21211\): The 'To' number 555-0100 is not a valid phone number/) });
    expect(await senderWith({ authToken: 'wrong' }).send({ to: '+15551230003', body: 'x' })).toEqual({ kind: 'refused', reason: expect.stringMatching(/401 \(error 20003\)/) });
    simulator.failNext(1);
    await expect(senderWith().send({ to: '+15551230003', body: 'x' })).rejects.toBeInstanceOf(SmsDeliveryError);
    const unreachable = new MessagesApiSmsSender({ apiUrl: 'http://127.0.0.1:9', accountSid: simulator.accountSid, authToken: 'x', from: '+15005550006' });
    await expect(unreachable.send({ to: '+15551230003', body: 'x' })).rejects.toThrow(/could not be reached/);
  });
});

describeEachDatabase('SMS codes through the job queue and the SMS API', (t) => {
  const signIn = (email: string, password: string) => post(t.app, '/api/v1/auth/sign-in', { email, password }, { headers: { host: 'acme.localhost:3000' } });
  const outboxRowsTo = (recipient: string) => t.db.select().from(outbox).where(eq(outbox.recipient, recipient));
  /** The worker polls the queue every few seconds. */
  const statusOf = (recipient: string) => expect.poll(async () => (await outboxRowsTo(recipient))[0]?.status, { timeout: 15_000, interval: 200 });

  beforeAll(async () => {
    await newCompany(t.db, 'acme');
    t.messenger.attachQueue(t.queue!);
    await t.messenger.registerWorker(t.queue!);
  });

  it('an SMS sign-in code reaches the phone through the SMS API and confirms the sign-in', async () => {
    const phone = uniquePhone();
    const user = await newUser(t.db, { tenant: 'acme', phoneNumber: phone, smsMfa: true });
    const started = await signIn(user.email, user.password);
    expect(started.json()).toMatchObject({ nextStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE' });
    const before = simulator.received.length;
    const [sms] = (await simulator.waitForMessages(before + 1)).slice(before);
    expect(sms).toMatchObject({ to: phone, from: '+15005550006' });
    const done = await post(t.app, '/api/v1/auth/sign-in/confirm', { session: started.json().session, challengeResponse: sixDigitCodeIn(sms!.body) });
    expect(done.json().nextStep, done.body).toBe('DONE');
    await statusOf(phone).toBe('SENT');
  });

  it('a message whose first try meets an outage is retried by the queue and sent once', async () => {
    const phone = uniquePhone();
    simulator.failNext(1);
    const before = simulator.received.length;
    await t.messenger.send({ channel: 'SMS', recipient: phone, subject: 'Clearlane sign-in code', body: 'Your Clearlane sign-in code is 246810.' });
    await simulator.waitForMessages(before + 1, 25_000);
    await statusOf(phone).toBe('SENT');
    expect(simulator.received.slice(before).filter((message) => message.to === phone)).toHaveLength(1);
  }, 30_000);

  it('a number the SMS API refuses for good ends FAILED with its reason, without retries', async () => {
    const before = simulator.received.length;
    await t.messenger.send({ channel: 'SMS', recipient: '+0000', subject: 'code', body: 'Your code is 1.' });
    await statusOf('+0000').toBe('FAILED');
    expect((await outboxRowsTo('+0000'))[0]?.error).toMatch(/error 21211/);
    expect(simulator.received.length).toBe(before);
  });
}, smsEnv, { queue: true });

describe('without SMS settings', () => {
  it('SMS codes stay in the outbox (HELD) for an operator, and nothing is sent', async () => {
    const database = await openTestDatabase('pglite');
    try {
      const messenger = new Messenger(database.db, testConfig());
      const before = simulator.received.length;
      const id = await messenger.send({ channel: 'SMS', recipient: '+15551239999', subject: 'code', body: 'Your code is 1.' });
      await messenger.deliver(id);
      const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
      expect(row?.status).toBe('HELD');
      expect(simulator.received.length).toBe(before);
    } finally {
      await database.close();
    }
  });
});
