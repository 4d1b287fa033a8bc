import { csvLine, flatten } from '../sdk/csv.js';

// CSV answers over HTTP: the content negotiation, and the stream for answers too long to hold.
// The writer itself is the SDK's (sdk/csv.ts), shared with the CLI and the console.

/** Fixed columns, then the records of each batch as it arrives: for answers too long to hold. */
export async function* csvStream(columns: readonly string[], batches: AsyncIterable<readonly Record<string, unknown>[]>): AsyncGenerator<string> {
  yield csvLine(columns);
  for await (const batch of batches) {
    yield batch.map((record) => {
      const row = flatten(record);
      return csvLine(columns.map((column) => row[column]));
    }).join('');
  }
}

/** Whether an Accept header asks for CSV rather than JSON (JSON wins a tie it names). */
export function acceptsCsv(accept: string | undefined): boolean {
  if (!accept) return false;
  let csv = 0;
  let json = 0;
  let any = 0;
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.split(';').map((item) => item.trim().toLowerCase());
    const qParam = params.find((param) => param.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) || 0 : 1;
    if (type === 'text/csv') csv = Math.max(csv, q);
    else if (type === 'application/json') json = Math.max(json, q);
    else if (type === '*/*' || type === 'text/*' || type === 'application/*') any = Math.max(any, q);
  }
  return csv > 0 && csv > json && csv >= any;
}
