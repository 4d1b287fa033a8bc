// The shape of a `quarterdeck` command. A new command is one file in ./commands exporting a
// Command, plus one line in ./commands/index.ts.

export type OptionSpec = { type: 'string' | 'boolean'; short?: string; description: string };

export interface CommandIo {
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdin: NodeJS.ReadableStream;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export interface CommandArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export interface Command {
  /** The words that select it: ['hooks', 'run'] is `quarterdeck hooks run`. */
  name: readonly string[];
  /** What follows the name in the usage line, e.g. '<Event> [--config FILE]'. */
  usage: string;
  summary: string;
  options: Record<string, OptionSpec>;
  /** How many positional arguments it takes, at least and at most. */
  positionals: { min: number; max: number };
  /** Resolves to the process exit code. */
  run(args: CommandArgs, io: CommandIo): Promise<number>;
}

/** Wrong arguments or configuration: printed with the usage, exit code 1. */
export class UsageError extends Error {}
