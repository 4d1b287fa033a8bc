import { UsageError, type Command, type OptionSpec } from '../command.js';

// `quarterdeck agent`: the reference computer agent, a long-running daemon (docs/agent.md). Every
// setting comes from its flag, its environment variable or the config file. It logs to standard
// error (never the token) and exits 0 after SIGTERM / SIGINT, 3 when the server refuses its token.

const OPTIONS: Record<string, OptionSpec> = {
  config: { type: 'string', description: 'JSON config file with any of the settings below (env QUARTERDECK_AGENT_CONFIG)' },
  url: { type: 'string', description: 'Server address (env QUARTERDECK_URL)' },
  'computer-token': { type: 'string', description: 'The computer token, qdc_… (env QUARTERDECK_COMPUTER_TOKEN; prefer it or the config file: flags show in ps)' },
  workdir: { type: 'string', description: 'Work directory: repositories are cloned and commands run here (env QUARTERDECK_AGENT_WORKDIR)' },
  run: { type: 'string', description: 'Shell command run for each message, the message on its stdin (env QUARTERDECK_AGENT_RUN)' },
  install: { type: 'string', description: 'Shell command of the install-deps step (env QUARTERDECK_AGENT_INSTALL)' },
  'run-as': { type: 'string', description: 'Run git and the commands as this user, so they cannot read the token; the agent starts as root (env QUARTERDECK_AGENT_RUN_AS)' },
  'clone-timeout-ms': { type: 'string', description: 'A git clone running longer fails install-deps, default 600000 (env QUARTERDECK_AGENT_CLONE_TIMEOUT_MS)' },
  'heartbeat-ms': { type: 'string', description: 'Between heartbeats, default 15000 (env QUARTERDECK_AGENT_HEARTBEAT_MS)' },
  'claim-wait-ms': { type: 'string', description: 'Long-poll time of a claim, default 25000 (env QUARTERDECK_AGENT_CLAIM_WAIT_MS)' },
  'flush-ms': { type: 'string', description: 'Quiet time before printed text is posted, default 500 (env QUARTERDECK_AGENT_FLUSH_MS)' },
};

export const agent: Command = {
  name: ['agent'],
  usage: '--url URL --computer-token qdc_… --workdir DIR --run "COMMAND" [--install "COMMAND"]',
  summary: 'Run the computer agent: provision this machine and answer session messages with a command',
  options: OPTIONS,
  positionals: { min: 0, max: 0 },
  async run(args, io) {
    const [{ resolveAgentOptions, AgentConfigError }, { ComputerAgent }] = await Promise.all([import('../../agent/options.js'), import('../../agent/daemon.js')]);
    const line = (text: string) => io.stderr(`${new Date().toISOString()} quarterdeck agent: ${text}\n`);
    let options;
    try {
      options = await resolveAgentOptions(args.values, io.env, io.cwd, line);
    } catch (error) {
      if (error instanceof AgentConfigError) throw new UsageError(error.message);
      throw error;
    }
    // The token is read: out of this process's command line (what /proc/<pid>/cmdline and ps
    // show) and environment, so that nothing started from here inherits or reads it there.
    process.title = 'quarterdeck agent';
    delete process.env.QUARTERDECK_COMPUTER_TOKEN;
    if (!options.runAs) {
      line('the commands run as the agent\'s own user: they can read its environment (/proc/<pid>/environ) and config file, so a token given there; start the agent as root with --run-as USER to keep the token out of their reach (docs/agent.md)');
    }
    const daemon = new ComputerAgent(options, { info: line, warn: line });
    const onSignal = (signal: NodeJS.Signals) => {
      line(`${signal} received`);
      daemon.stop();
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
    try {
      return await daemon.start();
    } finally {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
    }
  },
};
