import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { deliverMail, mailDeliveryOptions, type MailDeliveryOptions } from '../../src/jobs/mail-delivery.js';
import { deleteOldWebhookHistory } from '../../src/jobs/webhook-retention.js';
import { fanOutEvents } from '../../src/repositories/webhook-deliveries.js';
import { recordEvent } from '../../src/repositories/webhook-events.js';
import { auth, createOrganization, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver.js';

// The mail job against a real SMTP server on loopback: who gets which mail, exactly once, with two
// job instances racing, with opt-outs, and across a mail server that is down for a while.

const APP_URL = 'https://quarterdeck.example.test';
const month = new Date().toISOString().slice(0, 7);

let server: TestServer;
let receiver: SmtpReceiver;
let org: TestOrganization;
let clock: Date;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
});
afterAll(async () => server?.close());
beforeEach(async () => {
  receiver = await startSmtpReceiver();
  org = await createOrganization(server);
  clock = new Date();
});
afterEach(async () => receiver.stop());

/** The job's options as the configuration gives them, on a test clock. */
function mailOptions(): MailDeliveryOptions {
  const config = loadConfig({ SMTP_URL: receiver.url, MAIL_FROM: 'Quarterdeck <quarterdeck@example.test>', PUBLIC_APP_URL: APP_URL, MAIL_TIMEOUT_MS: '2000', MAIL_RETRY_BASE_MS: '1000' });
  return { ...mailDeliveryOptions({ config, db: server.store.db })!, now: () => clock, random: () => 0.5 };
}

const limitRefused = (userId: string) => recordEvent(server.store.db, org.id, 'member.limit_refused', { userId, month, limit: 100, used: 120 });
const webhookDisabled = (reason: string) => recordEvent(server.store.db, org.id, 'webhook.disabled', { webhookId: 'whk_mailtest', reason, disabledAt: clock.toISOString() });
const mailsTo = (email: string) => receiver.received.filter((mail) => mail.to === email);
const setEmailNotifications = async (key: string, emailNotifications: boolean) => {
  const response = await server.app.inject({ method: 'PATCH', url: '/api/v0/organization/users/me/preferences', headers: auth(key), payload: { emailNotifications } });
  expect(response.json()).toEqual({ preferences: { emailNotifications } });
};

describe('mail delivery', () => {
  it('mails the member concerned, and owners and managers of organization matters, once each, in text and escaped HTML', async () => {
    const { member, manager, guest, owner } = org.users;
    const refused = await limitRefused(member.id);
    const disabled = await webhookDisabled('<script>alert(1)</script> & "failing"');
    await recordEvent(server.store.db, org.id, 'controls.changed', { revision: 2, userId: owner.id });
    const options = mailOptions();
    expect(await deliverMail(options)).toBe(3);
    expect(await deliverMail(options)).toBe(0);

    expect(receiver.received).toHaveLength(3);
    const [toMember] = mailsTo(member.email);
    expect(toMember).toMatchObject({ from: '"Quarterdeck" <quarterdeck@example.test>', subject: `Quarterdeck: your monthly credit limit is reached (${month})` });
    expect(toMember!.text).toContain(`User ${member.id} reached their monthly credit limit (120 of 100 Standard Credits in ${month}) and was refused.`);
    expect(toMember!.text).toContain(`eventId: ${refused}`);
    expect(toMember!.text).toContain(`Open Quarterdeck: ${APP_URL}/`);
    expect(toMember!.html).toContain(`<a href="${APP_URL}/">`);
    expect(toMember!.messageId).toMatch(/^<mail_[0-9a-f]+@quarterdeck>$/);

    for (const person of [owner, manager]) {
      const [mail] = mailsTo(person.email);
      expect(mail!.subject).toBe('Quarterdeck: webhook whk_mailtest was disabled');
      expect(mail!.text).toContain('reason: <script>alert(1)</script> & "failing"');
      expect(mail!.text).toContain(`eventId: ${disabled}`);
      expect(mail!.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;failing&#34;');
      expect(mail!.html).not.toContain('<script>');
    }
    expect(mailsTo(guest.email)).toEqual([]);
  });

  it('sends each mail once with two job instances racing', async () => {
    for (let i = 0; i < 12; i++) await webhookDisabled(`failure ${i}`);
    const [first, second] = [mailOptions(), mailOptions()];
    for (let pass = 0; pass < 4; pass++) await Promise.all([deliverMail(first), deliverMail(second)]);
    expect(receiver.received).toHaveLength(24);
    expect(new Set(receiver.received.map((mail) => mail.messageId)).size).toBe(24);
    for (const person of [org.users.owner, org.users.manager]) {
      expect(new Set(mailsTo(person.email).map((mail) => mail.text.match(/reason: (.*)/)?.[1])).size).toBe(12);
    }
  });

  it('respects each person\'s own opt-out', async () => {
    const { member, manager, owner } = org.users;
    await setEmailNotifications(member.key, false);
    await setEmailNotifications(manager.key, false);
    await limitRefused(member.id);
    await webhookDisabled('opted out');
    await deliverMail(mailOptions());
    expect(receiver.received.map((mail) => mail.to)).toEqual([owner.email]);

    await setEmailNotifications(member.key, true);
    await limitRefused(member.id);
    await deliverMail(mailOptions());
    expect(mailsTo(member.email)).toHaveLength(1);
  });

  it('retries while the mail server is down and delivers once when it is back', async () => {
    await receiver.stop();
    await limitRefused(org.users.member.id);
    const options = mailOptions();
    expect(await deliverMail(options)).toBe(1);
    const pending = await server.store.db.selectFrom('mail_deliveries').select(['status', 'attempts', 'last_error']).where('organization_id', '=', org.id).executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringMatching(/ECONNREFUSED/) });

    await receiver.start();
    // Not due yet: the retry waits at least MAIL_RETRY_BASE_MS (1 s here, with jitter).
    expect(await deliverMail(options)).toBe(0);
    clock = new Date(clock.getTime() + 1_500);
    expect(await deliverMail(options)).toBe(1);
    clock = new Date(clock.getTime() + 60_000);
    expect(await deliverMail(options)).toBe(0);
    expect(mailsTo(org.users.member.email)).toHaveLength(1);
    const sent = await server.store.db.selectFrom('mail_deliveries').select(['status', 'attempts', 'last_error']).where('organization_id', '=', org.id).executeTakeFirstOrThrow();
    expect(sent).toEqual({ status: 'sent', attempts: 2, last_error: null });
  });

  it('gives a mail up once its retry window is spent', async () => {
    await receiver.stop();
    await limitRefused(org.users.member.id);
    const options = { ...mailOptions(), schedule: { baseMs: 1000, maxDelayMs: 1000, windowMs: 2_000 } };
    for (let pass = 0; pass < 4; pass++) {
      await deliverMail(options);
      clock = new Date(clock.getTime() + 1_500);
    }
    const row = await server.store.db.selectFrom('mail_deliveries').select(['status', 'attempts']).where('organization_id', '=', org.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.attempts).toBeLessThanOrEqual(3);
  });

  it('does not mail events that were a day old when first seen', async () => {
    await recordEvent(server.store.db, org.id, 'webhook.disabled', { webhookId: 'whk_old', reason: 'old', disabledAt: '' }, new Date(clock.getTime() - 2 * 86_400_000));
    expect(await deliverMail(mailOptions())).toBe(0);
    expect(receiver.received).toEqual([]);
  });

  it('lets the outbox history retention delete mailed events with their mails', async () => {
    const event = await limitRefused(org.users.member.id);
    await deliverMail(mailOptions());
    await fanOutEvents(server.store.db, clock);
    await deleteOldWebhookHistory(server.store.db, new Date(clock.getTime() + 31 * 86_400_000));
    expect(await server.store.db.selectFrom('webhook_events').select('id').where('id', '=', event).execute()).toEqual([]);
    expect(await server.store.db.selectFrom('mail_deliveries').select('id').where('event_id', '=', event).execute()).toEqual([]);
  });

  it('has no mail job without SMTP_URL', () => {
    expect(mailDeliveryOptions({ config: loadConfig({}), db: server.store.db })).toBeUndefined();
  });
});
