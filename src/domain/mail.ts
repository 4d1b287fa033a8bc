import { eventSummary } from './webhook-events.js';

// What Quarterdeck e-mails about an outbox event, and to whom (docs/email.md). Pure: the mail job
// does the I/O. Mails carry ids and figures only, like the webhook payloads: never prompts,
// messages or settings values.

/**
 * Who hears of an event: the member it concerns (the payload's `userId`), or the organization's
 * owners and managers. An event type without a rule is not mailed.
 */
export type RecipientRule = 'member concerned' | 'owners and managers';

/** One line per mailed event type. */
export const MAIL_RECIPIENTS: Readonly<Record<string, RecipientRule>> = {
  'agent.identity_unattributed': 'owners and managers',
  'agent.quiet': 'owners and managers',
  'member.limit_refused': 'member concerned',
  'member.limit_reached': 'member concerned',
  'member.limit_warning': 'member concerned',
  'budget.threshold_crossed': 'owners and managers',
  'webhook.disabled': 'owners and managers',
  digest: 'owners and managers',
};

/** Events older than this when the mail job first sees them are stale news: no mail. */
export const MAIL_MAX_EVENT_AGE_MS = 86_400_000;

export interface MailEvent {
  id: string;
  organizationId: string;
  type: string;
  createdAt: Date;
  payload: Record<string, unknown>;
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

const value = (data: Record<string, unknown>, key: string) => String(data[key] ?? '?');

function subjectOf(event: MailEvent): string {
  const data = event.payload;
  switch (event.type) {
    case 'member.limit_refused':
      return `Quarterdeck: your monthly credit limit is reached (${value(data, 'month')})`;
    case 'member.limit_warning':
      return `Quarterdeck: ${value(data, 'threshold')}% of your monthly credit limit is used (${value(data, 'month')})`;
    case 'member.limit_reached':
      return `Quarterdeck: you reached your monthly credit limit (${value(data, 'month')})`;
    case 'budget.threshold_crossed':
      return `Quarterdeck: ${value(data, 'threshold')}% of the ${value(data, 'scope')} budget for ${value(data, 'month')} is spent`;
    case 'agent.identity_unattributed':
      return `Quarterdeck: a ${value(data, 'agent')} agent sends telemetry for nobody in your organization`;
    case 'agent.quiet':
      return `Quarterdeck: a ${value(data, 'agent')} agent stopped sending telemetry`;
    case 'webhook.disabled':
      return `Quarterdeck: webhook ${value(data, 'webhookId')} was disabled`;
    case 'digest':
      return 'Quarterdeck: your weekly digest';
    default:
      return `Quarterdeck: ${event.type}`;
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Plain values as they are; anything else (a digest's tables) as JSON. */
function shown(field: unknown): string {
  return typeof field === 'string' || typeof field === 'number' || typeof field === 'boolean' || field === null ? String(field) : JSON.stringify(field);
}

export function composeMail(event: MailEvent, appUrl: string): ComposedMail {
  const data = { eventId: event.id, organizationId: event.organizationId, ...event.payload };
  const summary = eventSummary(event.type, data);
  const facts: [string, string][] = [['event', event.type], ['time', event.createdAt.toISOString()], ...Object.entries(data).map(([key, field]): [string, string] => [key, shown(field)])];
  const link = `${appUrl}/`;
  const optOut = 'You get this e-mail because of your role or your own usage in this organization. To stop these e-mails, turn off e-mail notifications in your Quarterdeck preferences.';
  const text = [summary, '', ...facts.map(([key, field]) => `${key}: ${field}`), '', `Open Quarterdeck: ${link}`, '', optOut, ''].join('\n');
  const rows = facts.map(([key, field]) => `<tr><th align="left">${escapeHtml(key)}</th><td>${escapeHtml(field)}</td></tr>`).join('');
  const html = `<!doctype html><html><body><p>${escapeHtml(summary)}</p><table>${rows}</table><p><a href="${escapeHtml(link)}">Open Quarterdeck</a></p><p><small>${escapeHtml(optOut)}</small></p></body></html>`;
  return { subject: subjectOf(event), text, html };
}
