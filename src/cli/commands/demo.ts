import type { Command } from '../command.js';

// `quarterdeck demo`: what `npm run demo` does (src/demo/main.ts): a server on a fresh embedded
// store with a demo organization and 90 days of aggregated telemetry, until SIGINT or SIGTERM
// (the demo stops its server and exits on those itself).

export const demo: Command = {
  name: ['demo'],
  usage: '',
  summary: 'Start a server with a demo organization and 90 days of analytics (prints the owner key)',
  options: {},
  positionals: { min: 0, max: 0 },
  async run() {
    await import('../../demo/main.js');
    // Runs until the demo exits the process.
    return new Promise<number>(() => {});
  },
};
