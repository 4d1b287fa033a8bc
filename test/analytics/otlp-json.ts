// OTLP/JSON as the agents' exporters send it, for tests that export records of a given shape
// (test/fixtures/otlp/README.md has captured ones): attributes, nanosecond times, Claude Code's
// resource and scope.

type AttributeValue = string | number;

export const attributes = (values: Record<string, AttributeValue>) =>
  Object.entries(values).map(([key, value]) => ({
    key,
    value: typeof value === 'string' ? { stringValue: value } : Number.isInteger(value) ? { intValue: value } : { doubleValue: value },
  }));

export const nanos = (ms: number) => `${ms}000000`;

export const claudeResource = { attributes: attributes({ 'service.name': 'claude-code', 'service.version': '2.1.332', 'host.arch': 'amd64', 'os.type': 'linux' }) };
export const claudeScope = { name: 'com.anthropic.claude_code', version: '2.1.332' };

/** Claude Code's events (logs) of one export: each record its `event.name` and attributes, at its instant. */
export function claudeEvents(records: { atMs: number; name: string; attributes: Record<string, AttributeValue> }[]) {
  return {
    resourceLogs: [
      {
        resource: claudeResource,
        scopeLogs: [
          {
            scope: { name: 'com.anthropic.claude_code.events', version: '2.1.332' },
            logRecords: records.map((record) => ({
              timeUnixNano: nanos(record.atMs),
              observedTimeUnixNano: nanos(record.atMs),
              body: { stringValue: `claude_code.${record.name}` },
              attributes: attributes({ 'event.name': record.name, 'event.timestamp': new Date(record.atMs).toISOString(), ...record.attributes }),
            })),
          },
        ],
      },
    ],
  };
}
