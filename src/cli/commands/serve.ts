import type { Command } from '../command.js';

// `quarterdeck serve`: the server, configured from the environment (docs/configuration.md), until
// SIGINT or SIGTERM; then it finishes in-flight requests and closes the store.

/** Resolves on the first SIGINT or SIGTERM. */
export function untilStopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

export const serve: Command = {
  name: ['serve'],
  usage: '',
  summary: 'Run the server with the configuration from the environment (PORT, HOST, DATABASE_URL, ...)',
  options: {},
  positionals: { min: 0, max: 0 },
  async run(_args, io) {
    // Loaded here, not at the top: the other commands start faster without the server's modules.
    const [{ loadConfig }, { setupNotice, startServer }, { capHeapGrowth }] = await Promise.all([import('../../config.js'), import('../../server.js'), import('../../heap.js')]);
    capHeapGrowth();
    const server = await startServer(loadConfig(io.env));
    io.stderr(`quarterdeck serving on ${server.url}\n`);
    if (server.setupUrl) io.stderr(setupNotice(server.setupUrl));
    const signal = await untilStopSignal();
    io.stderr(`quarterdeck: ${signal}, stopping\n`);
    await server.stop();
    return 0;
  },
};
