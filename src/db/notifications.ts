import pg from 'pg';

// LISTEN for one channel of PostgreSQL notifications. `signal(listening, payload)` is called on
// every notification (true, with its payload) and whenever the listener may have missed some (false: the connection is
// lost; true again once it listens anew). A subscriber flushes what it derived from the database
// on every signal and trusts nothing derived while not listening.

export type Signal = (listening: boolean, payload?: string) => void;

export interface Subscription {
  close(): Promise<void>;
}

const RECONNECT_MS = 1_000;

/** PostgreSQL: a dedicated connection outside the pool, opened again whenever it drops. */
export async function listenOnOwnConnection(connectionString: string, channel: string, signal: Signal): Promise<Subscription> {
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  const lost = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    client = undefined;
    signal(false);
    lostClient.end().catch(() => undefined);
    if (!closed) retry = setTimeout(() => void open(), RECONNECT_MS);
  };
  const open = async () => {
    const next = new pg.Client({ connectionString });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === channel) signal(true, message.payload);
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (client === next && !closed) signal(true);
    } catch {
      lost(next);
    }
  };
  await open();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}

/**
 * The embedded store: its pool has exactly one connection, through which every change passes, so
 * that connection listens (PGlite delivers a session its own notifications before the COMMIT
 * answers). A replacement connection listens before the pool hands it out.
 */
export async function listenOnSoleConnection(pool: pg.Pool, channel: string, signal: Signal): Promise<Subscription> {
  const attached = new Map<pg.PoolClient, () => void>();
  const attach = (client: pg.PoolClient) => {
    const onNotification = (message: pg.Notification) => {
      if (message.channel === channel) signal(true, message.payload);
    };
    const onEnd = () => {
      detach(client);
      signal(false);
    };
    client.on('notification', onNotification);
    client.on('end', onEnd);
    attached.set(client, () => {
      client.off('notification', onNotification);
      client.off('end', onEnd);
    });
    client.query(`LISTEN ${channel}`).then(() => signal(true), () => signal(false));
  };
  const detach = (client: pg.PoolClient) => {
    attached.get(client)?.();
    attached.delete(client);
  };
  const client = await pool.connect();
  attach(client);
  client.release();
  pool.on('connect', attach);
  return {
    async close() {
      pool.off('connect', attach);
      for (const client of [...attached.keys()]) detach(client);
    },
  };
}
