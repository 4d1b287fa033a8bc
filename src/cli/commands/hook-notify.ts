import { DEFAULT_NOTIFY_TIMEOUT_MS, notificationMessage, postToWebhook } from '../../hooks/notify.js';
import type { Command, CommandIo } from '../command.js';
import { readStdin } from '../stdin.js';

// `quarterdeck hook notify`: a hook command for Notification, Stop, SubagentStop and SessionEnd.
// It never blocks the agent: whatever happens (garbage on stdin, a webhook down or slow) it exits
// 0, within a few seconds.

const MAX_INPUT_BYTES = 1024 * 1024;
/** An input that has not ended by then is read as far as it got. */
const STDIN_TIMEOUT_MS = 2_000;

function webhookTimeoutMs(env: NodeJS.ProcessEnv): number {
  const value = Number(env.QUARTERDECK_NOTIFY_TIMEOUT_MS);
  // Bounded so that stdin plus the request stay well under the installed 10 s hook timeout.
  return Number.isInteger(value) && value >= 100 && value <= 7_000 ? value : DEFAULT_NOTIFY_TIMEOUT_MS;
}

async function notify(io: CommandIo): Promise<void> {
  const { text } = await readStdin(io.stdin, { maxBytes: MAX_INPUT_BYTES, timeoutMs: STDIN_TIMEOUT_MS });
  const message = notificationMessage(text);
  const webhook = io.env.QUARTERDECK_NOTIFY_WEBHOOK;
  if (!webhook) {
    io.stdout(`${message}\n`);
    return;
  }
  try {
    await postToWebhook(webhook, message, webhookTimeoutMs(io.env));
  } catch (error) {
    io.stderr(`quarterdeck hook notify: the notification was not delivered: ${(error as Error).message}\n`);
  }
}

export const hookNotify: Command = {
  name: ['hook', 'notify'],
  usage: '',
  summary: 'Hook command: forward a short message to QUARTERDECK_NOTIFY_WEBHOOK (or print it); always exits 0',
  options: {},
  positionals: { min: 0, max: 0 },
  async run(_args, io) {
    try {
      await notify(io);
    } catch (error) {
      io.stderr(`quarterdeck hook notify: ${(error as Error).message}\n`);
    }
    return 0;
  },
};
