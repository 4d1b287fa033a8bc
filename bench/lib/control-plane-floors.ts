import Fastify from 'fastify';
import pg from 'pg';

// The floors of bench/control-plane.ts, each run in its own process:
//   http  — a bare Fastify route answering the JSON of /healthz;
//   db    — a bare Fastify route doing one SELECT of a computers row by primary key through `pg`,
//           with a pool of the server's size.
// Prints "listening <url>" once it answers. Usage: control-plane-floors.ts http|db PORT [DATABASE_URL POOL_SIZE]

const [mode, port, databaseUrl, poolSize] = process.argv.slice(2);
const app = Fastify({ logger: false });
let pool: pg.Pool | undefined;

if (mode === 'http') {
  app.get('/healthz', async () => ({ status: 'ok' }));
} else if (mode === 'db' && databaseUrl) {
  const dbPool = new pg.Pool({ connectionString: databaseUrl, max: Number(poolSize) });
  pool = dbPool;
  app.get<{ Params: { id: string } }>('/computers/:id', async (request, reply) => {
    const { rows } = await dbPool.query('SELECT * FROM computers WHERE id = $1', [request.params.id]);
    if (!rows[0]) return reply.code(404).send({ status: 404 });
    return rows[0];
  });
} else {
  console.error('usage: control-plane-floors.ts http|db PORT [DATABASE_URL POOL_SIZE]');
  process.exit(2);
}

app.addHook('onClose', async () => pool?.end());
const url = await app.listen({ host: '127.0.0.1', port: Number(port) });
console.log(`listening ${url}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
