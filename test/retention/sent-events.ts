// The retention tests' events: model calls on chosen days of earlier months, sent through the
// native endpoint, each with its own tokens so that a total tells which were counted.

export interface Sent {
  id: string;
  day: string;
  inputTokens: number;
}

/** Day `day` of the month `monthsBack` months before the current UTC month. */
export function dayOfMonthBack(monthsBack: number, day: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, day)).toISOString().slice(0, 10);
}

/** The event as POST /api/v1/telemetry/events takes it. */
export const wire = (event: Sent) => ({
  id: event.id,
  type: 'model_call',
  timestamp: `${event.day}T12:00:00Z`,
  sessionId: `s-${event.day}`,
  client: 'terminal-ui',
  modelId: 'm-a',
  modelTier: 'standard',
  inputTokens: event.inputTokens,
  outputTokens: 1,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
});
