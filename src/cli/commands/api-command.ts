import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { QuarterdeckClient, QuarterdeckError } from '../../sdk/client.js';
import { UsageError, type Command, type CommandArgs, type CommandIo, type OptionSpec } from '../command.js';
import { API_KEY_OPTION, apiKeyOf, serverUrl, URL_OPTION } from '../connection.js';
import { formatOutput, FORMATS, isFormat, type Format } from '../format.js';

// What every API command shares: the connection options, the SDK client, reading JSON files,
// printing in the chosen --format, following pages with --all, and turning failures into a
// message that says what to do plus a documented exit code (docs/cli.md).

export const EXIT = { ok: 0, usage: 1, rejected: 2, auth: 3, server: 4, unreachable: 5 } as const;

export const ADMIN_TOKEN_OPTION: OptionSpec = { type: 'string', description: 'Admin token (env QUARTERDECK_ADMIN_TOKEN)' };

const CONNECTION: Record<string, OptionSpec> = {
  url: URL_OPTION,
  'api-key': API_KEY_OPTION,
  format: { type: 'string', description: `Output: ${FORMATS.join(', ')} (default json)` },
};

/** What a list command's usage line ends with (`list: true` adds the options and the words). */
const LISTING_USAGE = '[--limit N] [--cursor C] [--all]';

const LISTING: Record<string, OptionSpec> = {
  all: { type: 'boolean', description: 'Follow pagination to the end' },
  limit: { type: 'string', description: 'Items per page' },
  cursor: { type: 'string', description: 'Continue from this cursor' },
};

/** The server answered, but refused part of what was asked (exit code 2). */
export class Refused extends Error {}

export interface ApiContext {
  client: QuarterdeckClient;
  args: CommandArgs;
  io: CommandIo;
  /** A string option, or undefined. */
  option(name: string): string | undefined;
  /** The parsed JSON of a file named on the command line. */
  readJson(file: string): Promise<unknown>;
  /** Progress of long work, on stderr when it is a terminal. */
  progress(text: string): void;
}

/** What a command produced: one answer, a list (items, maybe more pages), or nothing to print. */
export type ApiResult = { value: unknown } | { items: AsyncIterable<unknown> | unknown[]; next?: string | null } | { none: true };

export interface ApiCommandSpec {
  name: readonly string[];
  usage: string;
  summary: string;
  options?: Record<string, OptionSpec>;
  /** Adds --all, --limit and --cursor, and their words to the usage line. */
  list?: boolean;
  positionals?: { min: number; max: number };
  /** The client's credential: the API key (default) or the admin token. */
  credential?: 'apiKey' | 'adminToken';
  call(context: ApiContext): Promise<ApiResult>;
}

/** The positionals of a command acting on one thing: its id or name. */
export const ONE = { min: 1, max: 1 };

/** The string options given, under their body field names (`{'host-id': 'hostId'}`); those not given are left out. */
export function givenOptions<F extends string>(context: ApiContext, fields: Record<string, F>): Partial<Record<F, string>> {
  const body: Partial<Record<F, string>> = {};
  for (const [option, field] of Object.entries(fields)) {
    const value = context.option(option);
    if (value !== undefined) body[field] = value;
  }
  return body;
}

/** An ISO 8601 time or Unix milliseconds, as Unix milliseconds; undefined when not given. */
export function timeOption(context: ApiContext, name: string): number | undefined {
  const text = context.option(name);
  if (text === undefined) return undefined;
  const ms = /^\d+$/.test(text) ? Number(text) : Date.parse(text);
  if (Number.isNaN(ms)) throw new UsageError(`--${name} must be an ISO 8601 time or Unix milliseconds, got "${text}"`);
  return ms;
}

/** A non-negative decimal number as typed (`what` names it in the message); the server checks the range. */
export function decimalOf(text: string, what: string): number {
  if (!/^\d+(\.\d+)?$/.test(text)) throw new UsageError(`${what} must be a number, got "${text}"`);
  return Number(text);
}

export function integerOption(context: ApiContext, name: string): number | undefined {
  const text = context.option(name);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) throw new UsageError(`--${name} must be an integer, got "${text}"`);
  return Number(text);
}

/** The query of a v0 list page from --limit and --cursor. */
function pageQuery(context: ApiContext): { limit?: number; cursor?: string } {
  const limit = integerOption(context, 'limit');
  const cursor = context.option('cursor');
  return { ...(limit !== undefined ? { limit } : {}), ...(cursor ? { cursor } : {}) };
}

/** `--order asc|desc` of the lists that have it: newest first unless asked (the server's default). */
export const ORDER_OPTION = { order: { type: 'string', description: 'desc: newest first (the default); asc: oldest first' } } as const;

export function orderQuery(context: ApiContext): Record<string, string> {
  const order = context.option('order');
  if (order !== undefined && order !== 'asc' && order !== 'desc') throw new UsageError('--order takes asc or desc');
  return order ? { order } : {};
}

/**
 * A v0 list: with --all every item (client.paginate), else one page and its next cursor.
 */
export async function v0List(context: ApiContext, path: string, itemsKey: string, pathParams?: Record<string, string>, query: Record<string, string> = {}): Promise<ApiResult> {
  // The path is a plain string here, so an untyped view of the same client.
  const client = context.client as unknown as {
    paginate(path: string, key: string, options: object): AsyncIterable<unknown>;
    request(method: 'get', path: string, options: object): Promise<Record<string, unknown> & { pagination: { nextCursor: string | null } }>;
  };
  const options = { query: { ...query, ...pageQuery(context) }, ...(pathParams ? { path: pathParams } : {}) };
  if (context.args.values.all) return { items: client.paginate(path, itemsKey, options) };
  const page = await client.request('get', path, options);
  return { items: page[itemsKey] as unknown[], next: page.pagination.nextCursor };
}

/** The server address and the admin token from the options or the environment. */
export function adminConnection(values: CommandArgs['values'], env: NodeJS.ProcessEnv): { url: string; token: string } {
  const token = (values['admin-token'] as string | undefined) ?? env.QUARTERDECK_ADMIN_TOKEN;
  if (!token) throw new UsageError('no admin token: set QUARTERDECK_ADMIN_TOKEN or pass --admin-token (the server prints it on first start and keeps it in DATA_DIR/admin-token)');
  return { url: serverUrl(values, env), token };
}

function clientFor(spec: ApiCommandSpec, values: CommandArgs['values'], env: NodeJS.ProcessEnv): { client: QuarterdeckClient; url: string } {
  let url = serverUrl(values, env);
  let credential = apiKeyOf(values, env);
  if (spec.credential === 'adminToken') ({ url, token: credential } = adminConnection(values, env));
  if (!credential) throw new UsageError('no API key: set QUARTERDECK_API_KEY or pass --api-key (see "How to get a key" in docs/cli.md)');
  return { client: new QuarterdeckClient({ baseUrl: url, apiKey: credential, maxRetries: 2, maxRetryDelayMs: 5_000 }), url };
}

async function print(result: ApiResult, format: Format, context: ApiContext): Promise<void> {
  if ('none' in result) return;
  if ('value' in result) {
    context.io.stdout(formatOutput(result.value, format));
    return;
  }
  const items: unknown[] = [];
  for await (const item of result.items) {
    items.push(item);
    if (items.length % 100 === 0) context.progress(`fetched ${items.length} items`);
  }
  context.progress('');
  context.io.stdout(formatOutput(items, format));
  if (result.next) context.io.stderr(`more items: add --all, or --cursor ${result.next}\n`);
}

/** The message and exit code for a failure of an API call. */
export function describeFailure(error: unknown, url: string, spec: ApiCommandSpec): { message: string; code: number } {
  if (error instanceof Refused) return { message: error.message, code: EXIT.rejected };
  if (error instanceof QuarterdeckError) {
    const { status, body } = error;
    const head = `${status} ${body.title}: ${body.detail}`;
    if (status === 401) {
      const hint = spec.credential === 'adminToken'
        ? 'check the admin token (QUARTERDECK_ADMIN_TOKEN / --admin-token; the server keeps it in DATA_DIR/admin-token)'
        : 'get an API key: an operator creates an organization with "quarterdeck admin organizations create" (it prints the owner\'s key), and any user with a key can make more with "quarterdeck keys create"; then set QUARTERDECK_API_KEY or pass --api-key';
      return { message: `${head}\n${hint}`, code: EXIT.auth };
    }
    if (status === 403) return { message: `${head}\nyour role may not do this; ask an owner or manager`, code: EXIT.auth };
    if (status === 400 && body.errors?.length) {
      return { message: `${head}\n${body.errors.map((item) => `  ${item.path || '(request)'}: ${item.message}`).join('\n')}`, code: EXIT.rejected };
    }
    return { message: `${head}${body.requestId ? ` (request ${body.requestId})` : ''}`, code: status >= 500 ? EXIT.server : EXIT.rejected };
  }
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { message: `could not reach the server at ${url}: ${cause?.code ?? cause?.message ?? error.message} (set QUARTERDECK_URL or pass --url)`, code: EXIT.unreachable };
  }
  throw error;
}

export function apiCommand(spec: ApiCommandSpec): Command {
  const options: Record<string, OptionSpec> = {
    ...CONNECTION,
    ...(spec.credential === 'adminToken' ? { 'admin-token': ADMIN_TOKEN_OPTION } : {}),
    ...(spec.list ? LISTING : {}),
    ...spec.options,
  };
  if (spec.credential === 'adminToken') delete options['api-key'];
  return {
    name: spec.name,
    usage: spec.list ? [spec.usage, LISTING_USAGE].filter(Boolean).join(' ') : spec.usage,
    summary: spec.summary,
    options,
    positionals: spec.positionals ?? { min: 0, max: 0 },
    async run(args, io) {
      const format = (args.values.format as string | undefined) ?? 'json';
      if (!isFormat(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}`);
      const { client, url } = clientFor(spec, args.values, io.env);
      const showProgress = Boolean((process.stderr as { isTTY?: boolean }).isTTY);
      const context: ApiContext = {
        client,
        args,
        io,
        option: (name) => args.values[name] as string | undefined,
        async readJson(file) {
          const text = await readFile(resolve(io.cwd, file), 'utf8').catch((error: Error) => {
            throw new UsageError(`cannot read ${file}: ${error.message}`);
          });
          try {
            return JSON.parse(text) as unknown;
          } catch (error) {
            throw new UsageError(`${file} is not JSON: ${(error as Error).message}`);
          }
        },
        progress(text) {
          if (showProgress) io.stderr(`\r\x1b[2K${text}`);
        },
      };
      try {
        await print(await spec.call(context), format, context);
        return EXIT.ok;
      } catch (error) {
        const failure = describeFailure(error, url, spec);
        io.stderr(`quarterdeck ${spec.name.join(' ')}: ${failure.message}\n`);
        return failure.code;
      }
    },
  };
}
