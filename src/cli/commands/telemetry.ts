import type { RequestBody } from '../../sdk/client.js';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError } from '../command.js';
import { progressBar } from '../format.js';
import { apiCommand, ONE } from './api-command.js';

// `quarterdeck telemetry send <file.ndjson>`: one event per line, posted in batches of up to
// 1000 (the endpoint's limit). Each batch is all-or-nothing on the server and event ids make a
// resend harmless (counted as duplicates), so after a failure the whole file can be sent again.

const BATCH = 1000;

export const telemetrySend = apiCommand({
  name: ['telemetry', 'send'],
  usage: '<events.ndjson>',
  summary: 'Send telemetry events (one JSON object per line); prints accepted and duplicates',
  positionals: ONE,
  async call(context) {
    const file = context.args.positionals[0]!;
    const text = await readFile(resolve(context.io.cwd, file), 'utf8').catch((error: Error) => {
      throw new UsageError(`cannot read ${file}: ${error.message}`);
    });
    const events = text.split('\n').flatMap((line, index) => {
      if (!line.trim()) return [];
      try {
        return [JSON.parse(line) as unknown];
      } catch {
        throw new UsageError(`${file} line ${index + 1} is not JSON`);
      }
    });
    const total = { accepted: 0, duplicates: 0 };
    for (let start = 0; start < events.length; start += BATCH) {
      const answer = await context.client.request('post', '/api/v1/telemetry/events', { body: { events: events.slice(start, start + BATCH) as RequestBody<'/api/v1/telemetry/events', 'post'>['events'] } });
      total.accepted += answer.accepted;
      total.duplicates += answer.duplicates;
      context.progress(progressBar(Math.min(start + BATCH, events.length), events.length, 'events'));
    }
    context.progress('');
    return { value: { events: events.length, ...total } };
  },
});
