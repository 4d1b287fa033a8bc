import { basename } from 'node:path';

// The ready-made notify hook: a short human message for Notification, Stop, SubagentStop and
// SessionEnd, sent to a Slack-compatible webhook (`{"text": ...}`).

/** Longest message sent; an agent's notification text can be long. */
export const MAX_MESSAGE_LENGTH = 500;
/** Default bound on the webhook request, well under the installed hook's 10 s timeout. */
export const DEFAULT_NOTIFY_TIMEOUT_MS = 5_000;

function text(value: unknown): string | undefined {
  // eslint-disable-next-line no-control-regex
  return typeof value === 'string' && value.trim() !== '' ? value.replace(/[\u0000-\u001F\u007F]+/g, ' ').trim() : undefined;
}

function whatHappened(fields: Record<string, unknown>): string {
  const event = text(fields.hook_event_name);
  switch (event) {
    case 'Notification':
      return `needs your attention: ${text(fields.message) ?? '(no message)'}`;
    case 'Stop':
      return 'the agent finished its task';
    case 'SubagentStop':
      return 'a subagent finished its task';
    case 'SessionEnd':
      return `the session ended (reason: ${text(fields.reason) ?? 'unknown'})`;
    case undefined:
      return 'hook event without a name';
    default:
      return `hook event ${event}`;
  }
}

/** Never throws: anything that is not a JSON object still gives a message. */
export function notificationMessage(stdin: string): string {
  let payload: unknown;
  try {
    payload = JSON.parse(stdin);
  } catch {
    payload = undefined;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return 'Quarterdeck: hook event with an unreadable payload';
  const fields = payload as Record<string, unknown>;
  const cwd = text(fields.cwd);
  const session = text(fields.session_id);
  const where = [cwd ? basename(cwd) : undefined, session ? `session ${session.slice(0, 8)}` : undefined].filter(Boolean).join(', ');
  const message = `Quarterdeck${where ? ` [${where}]` : ''}: ${whatHappened(fields)}`;
  const chars = Array.from(message);
  return chars.length <= MAX_MESSAGE_LENGTH ? message : `${chars.slice(0, MAX_MESSAGE_LENGTH - 1).join('')}…`;
}

/** Posts `{"text": message}`; rejects when the receiver is down, slow or answers an error. */
export async function postToWebhook(webhook: string, message: string, timeoutMs: number): Promise<void> {
  const response = await fetch(webhook, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text: message }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`the webhook answered HTTP ${response.status}`);
}
