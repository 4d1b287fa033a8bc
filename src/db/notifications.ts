import pg from 'pg';

// LISTEN for one channel of PostgreSQL notifications. `signal(listening, payload)` is called on
// every notification (true, with its payload) and whenever the listener may have missed some
// (false: the connection is lost; true again once it listens anew). A subscriber flushes what it
// derived from the database on every signal and trusts nothing derived while not listening.
//
// Each listener has a name; `notify` sends a notification from the listener's own connection and
// returns the names of every listener of the channel at that moment, so that a sender can wait
// for each of them to answer (services/credential-cache.ts).

export type Signal = (listening: boolean, payload?: string) => void;

export interface Subscription {
  /** This listener's name, unique among the channel's listeners. */
  readonly name: string;
  /** True while its connection is up but hears no notification (a transaction pooler): see listenOnOwnConnection. */
  readonly deaf: boolean;
  /**
   * Sends `payload` on the channel; resolves with the names of the listeners that will hear it
   * (this one included). Rejects when this listener is not connected.
   */
  notify(payload: string): Promise<string[]>;
  close(): Promise<void>;
}

const RECONNECT_MS = 1_000;
/** How long a connection waits for a notification another connection has sent it before it is taken to be deaf. */
const HEARING_TIMEOUT_MS = 2_000;
/** A listener found deaf tries again this much later (a pooler does not start keeping sessions by itself). */
const DEAF_RETRY_MS = 30_000;

let probeSequence = 0;

/**
 * Whether `client`, which has just connected through `connectionString`, hears a notification
 * another connection sends it. Through a transaction pooler (PgBouncer's pool_mode = transaction
 * or statement) LISTEN succeeds, but on a server connection this client leaves at the end of the
 * statement: no notification ever reaches it. Directly, or through a session pooler, it does.
 */
export async function hearsOtherConnections(client: pg.Client, connectionString: string): Promise<boolean> {
  probeSequence += 1;
  const channel = `quarterdeck_hearing_${process.pid}_${probeSequence}`;
  let heard = () => {};
  const hearing = new Promise<void>((resolve) => (heard = resolve));
  const onNotification = (message: pg.Notification) => {
    if (message.channel === channel) heard();
  };
  client.on('notification', onNotification);
  let timer: NodeJS.Timeout | undefined;
  try {
    await client.query(`LISTEN ${channel}`);
    const sender = new pg.Client({ connectionString });
    await sender.connect();
    try {
      await sender.query('SELECT pg_notify($1, $2)', [channel, '']);
    } finally {
      await sender.end().catch(() => undefined);
    }
    // Counted from the commit of the notification: connecting the sender may be slow on a busy
    // machine, the delivery to a listening session is not.
    const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), HEARING_TIMEOUT_MS)));
    return await Promise.race([hearing.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
    client.off('notification', onNotification);
    await client.query(`UNLISTEN ${channel}`).catch(() => undefined);
  }
}

/** Whether the server at `connectionString` keeps a client's session (false behind a transaction pooler). */
export async function keepsSessions(connectionString: string): Promise<boolean> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await hearsOtherConnections(client, connectionString);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * PostgreSQL: a dedicated connection outside the pool, opened again whenever it drops. It listens
 * only once it has heard a notification from another connection (a connection through a
 * transaction pooler never does: the listener then stays not listening, so nothing is cached, and
 * tries again every DEAF_RETRY_MS). Once it listens, it names itself through `application_name`
 * ("<channel> <name>"), so that pg_stat_activity lists exactly the connections that listen, on
 * every replica.
 */
export async function listenOnOwnConnection(connectionString: string, channel: string, name: string, signal: Signal): Promise<Subscription> {
  const applicationName = `${channel} ${name}`;
  let client: pg.Client | undefined;
  let listening = false;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  let deaf = false;
  const lost = (lostClient: pg.Client, retryMs = RECONNECT_MS) => {
    if (client !== lostClient) return;
    client = undefined;
    listening = false;
    signal(false);
    lostClient.end().catch(() => undefined);
    if (!closed) retry = setTimeout(() => void open(), retryMs);
  };
  const open = async () => {
    const next = new pg.Client({ connectionString });
    client = next;
    next.on('notification', (message) => {
      // Before it listens, the flush of signal(true) covers whatever was sent.
      if (message.channel === channel && listening && client === next) signal(true, message.payload);
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      const hears = await hearsOtherConnections(next, connectionString);
      if (!hears) {
        if (!deaf) {
          deaf = true;
          process.emitWarning(`no notification on ${channel} reaches this connection (a transaction pooler?): nothing is cached until one does; set DATABASE_DIRECT_URL to a direct connection (docs/deployment.md "Behind PgBouncer")`);
        }
        lost(next, DEAF_RETRY_MS);
        return;
      }
      deaf = false;
      await next.query(`SELECT set_config('application_name', $1, false)`, [applicationName]);
      if (client === next && !closed) {
        listening = true;
        signal(true);
      }
    } catch {
      lost(next);
    }
  };
  await open();
  return {
    name,
    get deaf() {
      return deaf;
    },
    async notify(payload) {
      if (!client || !listening) throw new Error(`not listening on ${channel}`);
      // One statement: the notification goes out at its commit, to the listeners it lists.
      const result = await client.query<{ names: string[] }>(
        `SELECT pg_notify($1, $2), coalesce(array_agg(substr(application_name, $3)), '{}') AS names
         FROM pg_stat_activity WHERE datname = current_database() AND starts_with(application_name, $4)`,
        [channel, payload, applicationName.length - name.length + 1, `${channel} `],
      );
      return result.rows[0]!.names;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      listening = false;
      await last?.end().catch(() => undefined);
    },
  };
}

/**
 * The embedded store: its pool has exactly one connection, through which every change passes, so
 * that connection listens (PGlite delivers a session its own notifications before the COMMIT
 * answers). A replacement connection listens before the pool hands it out. One process: this
 * listener is the channel's only one.
 */
export async function listenOnSoleConnection(pool: pg.Pool, channel: string, name: string, signal: Signal): Promise<Subscription> {
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
    name,
    deaf: false,
    async notify(payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
      return [name];
    },
    async close() {
      pool.off('connect', attach);
      for (const client of [...attached.keys()]) detach(client);
    },
  };
}
