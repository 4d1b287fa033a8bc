#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { UsageError, type Command, type CommandIo } from './command.js';

// The `quarterdeck` command line: picks the command whose name words start the arguments, parses
// the rest against that command's options, runs it and exits with its code. Wrong usage and
// any other failure (invalid configuration, unreadable files) exit 1 with a message on stderr.

function usageLine(command: Command): string {
  return `quarterdeck ${[...command.name, command.usage].filter(Boolean).join(' ')}`;
}

/**
 * Commands an agent runs before every prompt load alone: the full list imports every command's
 * modules, some 30 ms that a prompt should not wait for (docs/performance.md).
 */
const PROMPT_HOOKS: Record<string, () => Promise<Command>> = {
  'hooks budget': async () => (await import('./commands/hooks-budget.js')).hooksBudget,
  'hooks commits': async () => (await import('./commands/hooks-commits.js')).hooksCommits,
};

async function commandsFor(argv: string[]): Promise<readonly Command[]> {
  const promptHook = PROMPT_HOOKS[argv.slice(0, 2).join(' ')];
  return promptHook ? [await promptHook()] : (await import('./commands/index.js')).COMMANDS;
}

function overview(commands: readonly Command[]): string {
  // A usage line too long for the column puts its summary on the next line.
  const lines = commands.map((command) => {
    const usage = usageLine(command);
    return usage.length <= 52 ? `  ${usage.padEnd(52)} ${command.summary}` : `  ${usage}\n  ${''.padEnd(52)} ${command.summary}`;
  });
  return `Usage:\n${lines.join('\n')}\n\nAdd --help after a command for its options.\n`;
}

function help(command: Command): string {
  const options = Object.entries(command.options).map(([name, spec]) => `  --${name}${spec.type === 'string' ? ' VALUE' : ''}  ${spec.description}`);
  return `Usage: ${usageLine(command)}\n${command.summary}\n${options.length ? `\nOptions:\n${options.join('\n')}\n` : ''}`;
}

/** The command named by the first words of argv (the longest name wins), and the rest. */
function findCommand(commands: readonly Command[], argv: string[]): { command: Command; rest: string[] } | undefined {
  const matches = commands.filter((command) => command.name.every((word, index) => argv[index] === word));
  const command = matches.sort((a, b) => b.name.length - a.name.length)[0];
  return command ? { command, rest: argv.slice(command.name.length) } : undefined;
}

async function runCli(argv: string[], io: CommandIo): Promise<number> {
  const commands = await commandsFor(argv);
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') {
    io.stdout(overview(commands));
    return argv.length === 0 ? 1 : 0;
  }
  const found = findCommand(commands, argv);
  if (!found) {
    io.stderr(`quarterdeck: unknown command "${argv.join(' ')}"\n\n${overview(commands)}`);
    return 1;
  }
  const { command, rest } = found;
  try {
    let parsed;
    try {
      parsed = parseArgs({
        args: rest,
        options: { ...command.options, help: { type: 'boolean' } },
        allowPositionals: true,
        strict: true,
      });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    if (parsed.values.help) {
      io.stdout(help(command));
      return 0;
    }
    const { min, max } = command.positionals;
    if (parsed.positionals.length < min || parsed.positionals.length > max) {
      throw new UsageError(`expected ${min === max ? min : `${min} to ${max}`} argument(s), got ${parsed.positionals.length}`);
    }
    return await command.run({ values: parsed.values, positionals: parsed.positionals }, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`quarterdeck ${command.name.join(' ')}: ${error.message}\nUsage: ${usageLine(command)}\n`);
      return 1;
    }
    io.stderr(`quarterdeck ${command.name.join(' ')}: ${(error as Error).message}\n`);
    return 1;
  }
}

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  stdin: process.stdin,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
// Exit now rather than when the event loop drains: nothing a command started may hold up the agent.
process.exit(code);
