import { createTransport, type Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import type { Db } from '../db/store.js';
import { composeMail } from '../domain/mail.js';
import { nextAttemptAt, type RetrySchedule } from '../domain/webhook-delivery.js';
import { claimDueMail, fanOutMail, recordMailAttempt, type ClaimedMail } from '../repositories/mail-deliveries.js';
import type { Job } from './job.js';

// E-mail delivery (docs/email.md): each pass queues the mails of new outbox events, then makes one
// attempt of each due mail over SMTP (nodemailer). Every replica runs it: a mail is leased to the
// replica that counts its attempt, so no two replicas send the same mail at once.

/** Mails attempted at once per pass (and per replica). */
const BATCH = 16;
/** A lease outlives the SMTP exchange's own deadlines by this much. */
const LEASE_MARGIN_MS = 30_000;
/** The longest wait between two attempts of a mail. */
const MAX_RETRY_DELAY_MS = 3_600_000;

export interface MailDeliveryOptions {
  db: Db;
  transport: Transporter;
  from: string;
  /** The console's origin, linked from every mail. */
  appUrl: string;
  /** Bound on one SMTP exchange; the lease covers it. */
  timeoutMs: number;
  schedule: RetrySchedule;
  /** The schedule's clock (tests move it instead of waiting). */
  now?: () => Date;
  /** Jitter source in [0, 1). */
  random?: () => number;
}

async function attempt(options: MailDeliveryOptions, mail: ClaimedMail): Promise<void> {
  const clock = options.now ?? (() => new Date());
  const { subject, text, html } = composeMail(mail.event, options.appUrl);
  try {
    // The Message-ID is the mail's own id: a mail sent again after a lost answer can be deduped.
    await options.transport.sendMail({ from: options.from, to: mail.address, subject, text, html, messageId: `<${mail.id}@quarterdeck>` });
  } catch (error) {
    const retryAt = nextAttemptAt(options.schedule, mail.createdAt, clock(), (options.random ?? Math.random)());
    await recordMailAttempt(options.db, mail, { error: (error as Error).message, retryAt });
    return;
  }
  await recordMailAttempt(options.db, mail, { sentAt: clock() });
}

/** One pass: queue, then send what is due. Answers how many attempts were made. */
export async function deliverMail(options: MailDeliveryOptions): Promise<number> {
  const now = (options.now ?? (() => new Date()))();
  await fanOutMail(options.db, now);
  const claimed = await claimDueMail(options.db, now, new Date(now.getTime() + options.timeoutMs * 3 + LEASE_MARGIN_MS), BATCH);
  // Each attempt records itself; one that could not is reported after the others are done.
  const failed = (await Promise.allSettled(claimed.map((mail) => attempt(options, mail)))).find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return claimed.length;
}

/** The options the configuration gives, or undefined without SMTP_URL (no e-mail at all). */
export function mailDeliveryOptions(services: { config: Config; db: Db }): MailDeliveryOptions | undefined {
  const { config } = services;
  if (!config.smtpUrl) return undefined;
  const timeouts = { connectionTimeout: config.mailTimeoutMs, greetingTimeout: config.mailTimeoutMs, socketTimeout: config.mailTimeoutMs };
  return {
    db: services.db,
    transport: createTransport({ url: config.smtpUrl, ...timeouts }),
    from: config.mailFrom,
    appUrl: config.publicAppUrl,
    timeoutMs: config.mailTimeoutMs,
    schedule: { baseMs: config.mailRetryBaseMs, maxDelayMs: MAX_RETRY_DELAY_MS, windowMs: config.mailRetryWindowMs },
  };
}

export function mailDeliveryJob(options: MailDeliveryOptions, intervalMs: number): Job {
  return { name: 'mail delivery', intervalMs, runOnce: () => deliverMail(options) };
}
