// Summarizes what the captured OTLP/JSON requests of test/fixtures/otlp contain, per run: resource
// attributes, metric names with type, temporality and attribute keys, log event names and where the
// name sits, span names, how 64-bit integers are encoded, timestamp quirks, and which attributes
// carry the prompt or long content. Protobuf bodies are not decoded here (the same agent's JSON run
// carries the same names).
//
//   npx tsx scripts/otlp-capture/summarize.ts [agent[/run]]
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PROMPT } from './agents.js';

const FIXTURES = resolve(dirname(new URL(import.meta.url).pathname), '../../test/fixtures/otlp');
const PROMPT_FRAGMENT = PROMPT.slice(0, 40);
const LONG_VALUE = 500;

type AnyValue = { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean; arrayValue?: { values?: AnyValue[] }; kvlistValue?: { values?: KeyValue[] } };
type KeyValue = { key: string; value?: AnyValue };

interface Summary {
  resourceAttributes: Record<string, string>;
  scopes: Set<string>;
  metrics: Map<string, { type: string; temporality?: number; monotonic?: boolean; unit?: string; value: Set<string>; attributes: Set<string> }>;
  events: Map<string, { nameIn: Set<string>; attributes: Set<string>; body: Set<string> }>;
  spans: Map<string, { kind?: number; attributes: Set<string>; events: Set<string> }>;
  intEncoding: Set<string>;
  timeQuirks: Set<string>;
  promptIn: Set<string>;
  longValuesIn: Set<string>;
}

function main(): void {
  const filter = process.argv[2];
  for (const agent of readdirSync(FIXTURES).filter((d) => !d.includes('.')).sort()) {
    for (const run of readdirSync(join(FIXTURES, agent)).sort()) {
      if (filter && filter !== agent && filter !== `${agent}/${run}`) continue;
      const dir = join(FIXTURES, agent, run);
      if (!existsSync(join(dir, 'manifest.json'))) continue;
      const json = readdirSync(dir).filter((f) => /\.json(\.gz)?$/.test(f) && f !== 'manifest.json');
      if (json.length === 0) {
        console.log(`## ${agent}/${run}: protobuf only, not decoded here\n`);
        continue;
      }
      const summary = summarize(dir, json);
      print(`${agent}/${run}`, summary);
    }
  }
}

function summarize(dir: string, files: string[]): Summary {
  const s: Summary = {
    resourceAttributes: {},
    scopes: new Set(),
    metrics: new Map(),
    events: new Map(),
    spans: new Map(),
    intEncoding: new Set(),
    timeQuirks: new Set(),
    promptIn: new Set(),
    longValuesIn: new Set(),
  };
  for (const file of files) {
    const raw = readFileSync(join(dir, file));
    const body = JSON.parse((file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8')) as any;
    for (const rm of body.resourceMetrics ?? []) {
      resource(s, rm.resource);
      for (const sm of rm.scopeMetrics ?? []) {
        s.scopes.add(`metrics: ${sm.scope?.name ?? ''}`);
        for (const m of sm.metrics ?? []) metric(s, m);
      }
    }
    for (const rl of body.resourceLogs ?? []) {
      resource(s, rl.resource);
      for (const sl of rl.scopeLogs ?? []) {
        s.scopes.add(`logs: ${sl.scope?.name ?? ''}`);
        for (const r of sl.logRecords ?? []) logRecord(s, r);
      }
    }
    for (const rs of body.resourceSpans ?? []) {
      resource(s, rs.resource);
      for (const ss of rs.scopeSpans ?? []) {
        s.scopes.add(`traces: ${ss.scope?.name ?? ''}`);
        for (const span of ss.spans ?? []) spanOf(s, span);
      }
    }
  }
  return s;
}

function resource(s: Summary, r: { attributes?: KeyValue[] } | undefined): void {
  for (const kv of r?.attributes ?? []) s.resourceAttributes[kv.key] = short(render(kv.value));
}

function metric(s: Summary, m: any): void {
  const type = ['sum', 'gauge', 'histogram', 'exponentialHistogram', 'summary'].find((k) => m[k]) ?? 'unknown';
  const data = m[type] ?? {};
  const entry = s.metrics.get(m.name) ?? { type, temporality: data.aggregationTemporality, monotonic: data.isMonotonic, unit: m.unit, value: new Set<string>(), attributes: new Set<string>() };
  for (const p of data.dataPoints ?? []) {
    if (p.asInt !== undefined) entry.value.add(`asInt (${typeof p.asInt})`);
    if (p.asDouble !== undefined) entry.value.add('asDouble');
    if (p.count !== undefined) entry.value.add(`count (${typeof p.count})`);
    times(s, 'metric point', p);
    for (const kv of p.attributes ?? []) attribute(s, entry.attributes, `metric ${m.name}`, kv);
  }
  s.metrics.set(m.name, entry);
}

function logRecord(s: Summary, r: any): void {
  const attrs: KeyValue[] = r.attributes ?? [];
  const eventAttr = attrs.find((kv) => kv.key === 'event.name')?.value?.stringValue;
  const name = eventAttr || r.eventName || (typeof r.body?.stringValue === 'string' ? `(body) ${short(r.body.stringValue, 60)}` : '(unnamed)');
  const entry = s.events.get(name) ?? { nameIn: new Set<string>(), attributes: new Set<string>(), body: new Set<string>() };
  if (r.eventName) entry.nameIn.add(r.eventName === name ? 'LogRecord.eventName' : `LogRecord.eventName "${short(r.eventName, 50)}"`);
  if (eventAttr) entry.nameIn.add('attribute event.name');
  if (!r.eventName && !eventAttr) entry.nameIn.add('none (body only)');
  if (r.body != null) entry.body.add(r.body.stringValue !== undefined ? `"${short(r.body.stringValue, 40)}"` : (Object.keys(r.body)[0] ?? 'empty'));
  times(s, 'log record', r);
  for (const kv of attrs) attribute(s, entry.attributes, `log ${name}`, kv);
  if (r.body?.stringValue?.includes(PROMPT_FRAGMENT)) s.promptIn.add(`log ${name} body`);
  s.events.set(name, entry);
}

function spanOf(s: Summary, span: any): void {
  const entry = s.spans.get(span.name) ?? { kind: span.kind, attributes: new Set<string>(), events: new Set<string>() };
  times(s, 'span', span);
  for (const kv of span.attributes ?? []) attribute(s, entry.attributes, `span ${span.name}`, kv);
  for (const ev of span.events ?? []) {
    entry.events.add(ev.name);
    for (const kv of ev.attributes ?? []) attribute(s, new Set(), `span ${span.name} event ${ev.name}`, kv);
  }
  s.spans.set(span.name, entry);
}

function attribute(s: Summary, keys: Set<string>, where: string, kv: KeyValue): void {
  keys.add(kv.key);
  const v = kv.value ?? {};
  if (v.intValue !== undefined) s.intEncoding.add(`intValue as ${typeof v.intValue}`);
  const text = render(v);
  if (text.includes(PROMPT_FRAGMENT)) s.promptIn.add(`${where}: ${kv.key}`);
  if (text.length > LONG_VALUE) s.longValuesIn.add(`${where}: ${kv.key} (${text.length} chars)`);
  if (v.stringValue === '') s.timeQuirks.add(`empty string attribute values (e.g. ${kv.key})`);
}

function times(s: Summary, what: string, x: any): void {
  for (const key of ['timeUnixNano', 'startTimeUnixNano', 'endTimeUnixNano', 'observedTimeUnixNano']) {
    if (!(key in x)) continue;
    s.intEncoding.add(`${key} as ${typeof x[key]}`);
    if (x[key] === '0' || x[key] === 0) s.timeQuirks.add(`${what} ${key} = 0`);
  }
  if (what === 'log record' && !('timeUnixNano' in x)) s.timeQuirks.add('log record without timeUnixNano');
}

function render(v: AnyValue | undefined): string {
  if (!v) return '';
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.intValue !== undefined) return String(v.intValue);
  if (v.doubleValue !== undefined) return String(v.doubleValue);
  if (v.boolValue !== undefined) return String(v.boolValue);
  if (v.arrayValue) return (v.arrayValue.values ?? []).map(render).join(',');
  if (v.kvlistValue) return (v.kvlistValue.values ?? []).map((kv) => `${kv.key}=${render(kv.value)}`).join(',');
  return JSON.stringify(v);
}

function short(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function print(title: string, s: Summary): void {
  const list = (set: Set<string>) => [...set].sort().join(', ');
  console.log(`## ${title}`);
  console.log(`resource: ${Object.entries(s.resourceAttributes).map(([k, v]) => `${k}=${v}`).join('; ')}`);
  console.log(`scopes: ${list(s.scopes)}`);
  for (const [name, m] of [...s.metrics].sort()) {
    console.log(`metric ${name}: ${m.type}${m.temporality !== undefined ? ` temporality=${m.temporality}` : ''}${m.monotonic !== undefined ? ` monotonic=${m.monotonic}` : ''} unit=${m.unit ?? ''} value=${list(m.value)} attrs=[${list(m.attributes)}]`);
  }
  for (const [name, e] of [...s.events].sort()) {
    console.log(`event ${name}: name in ${list(e.nameIn)}; body ${list(e.body) || 'none'}; attrs=[${list(e.attributes)}]`);
  }
  for (const [name, sp] of [...s.spans].sort()) {
    console.log(`span ${name}: kind=${sp.kind} attrs=[${list(sp.attributes)}]${sp.events.size ? ` events=[${list(sp.events)}]` : ''}`);
  }
  console.log(`encodings: ${list(s.intEncoding)}`);
  console.log(`quirks: ${list(s.timeQuirks) || 'none'}`);
  console.log(`prompt text in: ${list(s.promptIn) || 'nowhere'}`);
  console.log(`long values in: ${list(s.longValuesIn) || 'nowhere'}`);
  console.log('');
}

main();
