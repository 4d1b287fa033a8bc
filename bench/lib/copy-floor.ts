import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { EVENT_COLUMNS, unnestOf } from '../../src/db/tables/telemetry.js';
import { timed } from './measure.js';

// The ingestion floors: exactly the rows the HTTP ingestion stored, written again into the same
// table under a second organization (so the primary key does not collide), by PostgreSQL COPY
// (the rows exported to a file first, untimed; only COPY FROM STDIN is timed) or, where COPY is
// not available (the embedded store's socket does not speak the COPY sub-protocol), by multi-row
// INSERT ... SELECT FROM unnest() of 1000 rows per statement (only the inserts are timed). Into
// the bare table: the triggers that keep the day's tallies, its cells and sessions (migrations/
// 0035, 0037), are off while a floor writes, so what Quarterdeck adds to storing an event counts
// against ingestion, not the floor.

export interface Floor {
  rows: number;
  ms: number;
}

const UNNEST_ROWS = 1000;

// USER: every trigger of the table but the foreign keys' (PostgreSQL's own), which stay on.
async function intoBareTable(pool: pg.Pool, write: () => Promise<Floor>): Promise<Floor> {
  await pool.query('ALTER TABLE telemetry_events DISABLE TRIGGER USER');
  try {
    return await write();
  } finally {
    await pool.query('ALTER TABLE telemetry_events ENABLE TRIGGER USER');
  }
}

export const unnestFloor = (pool: pg.Pool, fromOrganization: string, toOrganization: string) => intoBareTable(pool, () => unnestRows(pool, fromOrganization, toOrganization));
export const copyFloor = (pool: pg.Pool, fromOrganization: string, toOrganization: string) => intoBareTable(pool, () => copyRows(pool, fromOrganization, toOrganization));

async function unnestRows(pool: pg.Pool, fromOrganization: string, toOrganization: string): Promise<Floor> {
  const rest = EVENT_COLUMNS.filter((column) => column !== 'organization_id');
  const insert = `INSERT INTO telemetry_events (organization_id, ${rest.join(', ')}) SELECT $1, * FROM ${unnestOf(rest, 2, 'batch')}`;
  let rows = 0;
  let ms = 0;
  // Paged along the primary key (organization_id, day, id), partition by partition.
  let after: [string, string] = ['0001-01-01', ''];
  for (;;) {
    const chunk = await pool.query({
      text: `SELECT ${rest.join(', ')} FROM telemetry_events WHERE organization_id = $1 AND (day, id) > ($2::date, $3)
        ORDER BY day, id LIMIT ${UNNEST_ROWS}`,
      values: [fromOrganization, ...after],
      rowMode: 'array',
    });
    if (chunk.rows.length === 0) return { rows, ms };
    const columns = rest.map((_, i) => chunk.rows.map((row: unknown[]) => row[i]));
    ms += (await timed(() => pool.query(insert, [toOrganization, ...columns]))).ms;
    rows += chunk.rows.length;
    const last = chunk.rows[chunk.rows.length - 1] as unknown[];
    after = [last[rest.indexOf('day')] as string, last[rest.indexOf('id')] as string];
  }
}

async function copyRows(pool: pg.Pool, fromOrganization: string, toOrganization: string): Promise<Floor> {
  const dir = await mkdtemp(join(tmpdir(), 'quarterdeck-bench-copy-'));
  const file = join(dir, 'events.copy');
  const client = await pool.connect();
  try {
    const selected = EVENT_COLUMNS.map((column) => (column === 'organization_id' ? `${client.escapeLiteral(toOrganization)} AS organization_id` : column)).join(', ');
    await pipeline(
      client.query(copyTo(`COPY (SELECT ${selected} FROM telemetry_events WHERE organization_id = ${client.escapeLiteral(fromOrganization)} ORDER BY id) TO STDOUT`)),
      createWriteStream(file),
    );
    const { ms, value } = await timed(async () => {
      const copy = client.query(copyFrom(`COPY telemetry_events (${EVENT_COLUMNS.join(', ')}) FROM STDIN`));
      await pipeline(createReadStream(file), copy);
      return copy.rowCount;
    });
    return { rows: value, ms };
  } finally {
    client.release();
    await rm(dir, { recursive: true, force: true });
  }
}
