import type { ChildProcess } from 'node:child_process';
import { chown, lstat, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { QuarterdeckClient, QuarterdeckError } from '../sdk/client.js';
import { backoffMs } from '../sdk/retry.js';
import type { components } from '../sdk/openapi.js';
import type { AgentOptions } from './options.js';
import { OutputCollector, type OutgoingMessage } from './output.js';
import { commandEnv, exitOf, killAllGroups, spawnShell, stopGroup, Tail, type CommandUser } from './processes.js';
import { MachineSampler } from './metrics.js';
import { installDeps, refreshRepos, type InstallSettings } from './provision.js';
import { evaluateRepository } from './readiness.js';

// The reference computer agent (docs/agent.md): heartbeats, provisioning (connect, then
// install-deps), and the claim → run → post → finish loop, through the project's SDK. It rides
// out server restarts and network errors with backoff and jitter, stops on SIGTERM once the run
// in progress ends, and exits when the server refuses its token (the computer was deleted).

type Computer = components['schemas']['Computer'];
type Message = components['schemas']['Message'];
type Session = components['schemas']['Session'];
type HeartbeatAnswer = { computer: Computer; lostRunIds: string[]; commands: ('restart' | 'refresh')[] };

export const AGENT_EXIT = { ok: 0, refused: 3 } as const;

/** Waits between two tries when the server is away: from 250 ms, doubling, at most 10 s (with jitter). */
const BACKOFF = { baseMs: 250, maxMs: 10_000 };
const STDERR_TAIL = 2_000;

export interface AgentLog {
  info(text: string): void;
  warn(text: string): void;
}

/** The server refused the token: nothing this agent does can succeed any more. */
class TokenRefused extends Error {}

/** Stopped: a signal arrived (or the token was refused) while waiting. */
class Stopped extends Error {}

interface Run {
  sessionId: string;
  runId: string;
  messageId: string;
  child: ChildProcess | undefined;
  /** Set when the run was taken away (interrupted, lapsed, session deleted): stop, do not finish. */
  lost: string | undefined;
}

function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError && /fetch failed/i.test(error.message);
}

/** The request surely never reached the server (nothing to fear from sending it again). */
function neverArrived(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  return isNetworkError(error) && (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN');
}

function isTransient(error: unknown): boolean {
  return isNetworkError(error) || (error instanceof QuarterdeckError && (error.status >= 500 || error.status === 429));
}

function describe(error: unknown): string {
  if (error instanceof QuarterdeckError) return error.message;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

export class ComputerAgent {
  private readonly client: QuarterdeckClient;
  /** Aborts waits and the long-polling claim: set on stop and when the token is refused. */
  private readonly stopping = new AbortController();
  private refused: string | undefined;
  private run: Run | undefined;
  private installing = false;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private serverAway = false;
  private readonly sampler: MachineSampler;
  /** Restarts and refreshes, one after the other (and after an install in progress). */
  private maintenance: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: AgentOptions,
    private readonly log: AgentLog,
  ) {
    this.client = new QuarterdeckClient({ baseUrl: options.url, apiKey: options.computerToken, maxRetries: 2, maxRetryDelayMs: BACKOFF.maxMs });
    this.sampler = new MachineSampler(options.workdir);
  }

  /** Runs until stopped; resolves to the exit code. */
  async start(): Promise<number> {
    // Whatever ends the agent (a stop, a refused token, a crash), nothing it started outlives it.
    process.once('exit', killAllGroups);
    try {
      await mkdir(this.options.workdir, { recursive: true });
      if (this.options.runAs) await chown(this.options.workdir, this.options.runAs.uid, this.options.runAs.gid);
      // A restart or refresh asked for before the agent started is what starting does anyway.
      const { computer } = await this.retrying('heartbeat', () => this.heartbeat());
      this.log.info(`connected to ${this.options.url} as computer ${computer.id} (${computer.name})`);
      await this.provision(computer).catch((error: unknown) => this.unexpected('provisioning', error));
      this.scheduleHeartbeat();
      for (let refusals = 0; !this.stopping.signal.aborted; ) {
        // Readiness evaluations first: a claim for them never waits, the session claim below does.
        await this.evaluateReadiness();
        const claim = await this.retrying('claim', () =>
          this.client.request('post', '/api/v0/agent/claim', { query: { waitMs: this.options.claimWaitMs }, signal: this.stopping.signal }),
        ).catch((error: unknown) => this.unexpected('claim', error));
        // An answer the agent cannot act on (a bug, or a computer being deleted): wait, then try again.
        if (claim === null) await this.sleep(backoffMs(refusals++, BACKOFF), false);
        else refusals = 0;
        if (claim) await this.handle(claim);
      }
    } catch (error) {
      if (!(error instanceof Stopped) && !(error instanceof TokenRefused)) throw error;
    } finally {
      clearTimeout(this.heartbeatTimer);
    }
    if (this.refused) {
      this.log.warn(this.refused);
      return AGENT_EXIT.refused;
    }
    this.log.info('stopped');
    return AGENT_EXIT.ok;
  }

  /**
   * First call: no new claims; the run in progress finishes, then start() resolves. A second
   * call stops the run's command too (its message returns to the queue when its lease lapses).
   */
  stop(): void {
    if (!this.stopping.signal.aborted) {
      this.log.info(this.run ? 'stopping after the run in progress (signal again to stop it now)' : 'stopping');
      this.stopping.abort();
      return;
    }
    if (this.run?.child) {
      this.log.info('stopping the run command now; its message returns to the queue when its lease lapses');
      this.loseRun(this.run, 'the agent was stopped');
    }
  }

  // ---- calls to the server -------------------------------------------------------------------

  /** Logs an error answer the agent has no use for (null); a stop or refused token goes on up. */
  private unexpected(what: string, error: unknown): null {
    if (error instanceof Stopped || error instanceof TokenRefused) throw error;
    if (!(error instanceof QuarterdeckError)) throw error;
    this.log.warn(`${what}: ${describe(error)}`);
    return null;
  }

  /**
   * Calls `call` until it succeeds, waiting with backoff while the server is away. A stop ends
   * the tries (Stopped), unless `duringStop`: the finish of the last run still goes out.
   */
  private async retrying<T>(what: string, call: () => Promise<T>, duringStop = false): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      if (this.stopping.signal.aborted && !duringStop) throw new Stopped();
      try {
        const result = await call();
        if (this.serverAway) this.log.info('the server answers again');
        this.serverAway = false;
        return result;
      } catch (error) {
        this.checkRefused(error);
        if (this.stopping.signal.aborted && !duringStop) throw new Stopped();
        if (!isTransient(error)) throw error;
        const delay = backoffMs(attempt, BACKOFF);
        if (!this.serverAway || attempt % 10 === 0) this.log.warn(`${what}: ${describe(error)}; trying again in ${(delay / 1000).toFixed(1)} s`);
        this.serverAway = true;
        await this.sleep(delay, duringStop);
      }
    }
  }

  private sleep(ms: number, ignoreStop: boolean): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      if (!ignoreStop) this.stopping.signal.addEventListener('abort', done, { once: true });
    });
  }

  private checkRefused(error: unknown): void {
    if (error instanceof QuarterdeckError && error.status === 401) {
      this.refused ??= `the server refused the computer token (401 ${error.body.detail}): the computer was deleted, its owner deactivated, or the token is wrong. Register the computer again and start the agent with its new token.`;
      this.stopping.abort();
      if (this.run) this.loseRun(this.run, 'the computer token was refused');
      throw new TokenRefused(this.refused);
    }
  }

  private async heartbeat(): Promise<HeartbeatAnswer> {
    const run = this.run;
    // A machine that cannot be sampled still heartbeats.
    const metrics = await this.sampler.sample().catch(() => undefined);
    const answer = await this.client.request('post', '/api/v0/agent/heartbeat', { body: { runIds: run ? [run.runId] : [], ...(metrics ? { metrics } : {}) } });
    if (run && answer.lostRunIds.includes(run.runId)) this.loseRun(run, 'the server no longer holds this run (interrupted, deleted, restarted, or its lease lapsed)');
    return answer;
  }

  /** restart: provision again (the server set the steps back to pending); refresh: update the repositories. */
  private obey(answer: HeartbeatAnswer): void {
    for (const command of answer.commands) {
      this.log.info(`the server asks for a ${command}`);
      const task = command === 'restart' ? () => this.provision(answer.computer) : () => refreshRepos(this.provisioning(answer.computer, 'refresh'));
      this.maintenance = this.maintenance.then(task).catch((error: unknown) => {
        if (!(error instanceof Stopped) && !(error instanceof TokenRefused)) this.log.warn(`${command}: ${describe(error)}`);
      });
    }
  }

  private scheduleHeartbeat(): void {
    this.heartbeatTimer = setTimeout(() => {
      void this.heartbeat()
        .then((answer) => {
          if (this.serverAway) this.log.info('the server answers again');
          this.serverAway = false;
          this.obey(answer);
          // install-deps set running by someone else (POST …/install-deps): run it here.
          if (stepOf(answer.computer, 'install-deps')?.status === 'running' && !this.installing) void this.install(answer.computer, false);
        })
        .catch((error: unknown) => {
          try {
            this.checkRefused(error);
          } catch {
            return;
          }
          if (!this.serverAway) this.log.warn(`heartbeat: ${describe(error)}`);
          this.serverAway = isTransient(error);
        })
        .finally(() => {
          if (!this.stopping.signal.aborted || this.run) this.scheduleHeartbeat();
        });
    }, this.options.heartbeatMs);
  }

  // ---- provisioning --------------------------------------------------------------------------

  private step(stepId: string, status: 'running' | 'completed' | 'failed', error?: string): Promise<Computer> {
    return this.retrying(`report ${stepId} ${status}`, async () => {
      const answer = await this.client.request('patch', '/api/v0/agent/provisioning-steps/{stepId}', { path: { stepId }, body: { status, ...(error ? { error } : {}) } });
      return answer.computer;
    });
  }

  /** connect, then install-deps when it waits for this agent (docs/agent.md, "Provisioning"). */
  private async provision(computer: Computer): Promise<void> {
    const connect = stepOf(computer, 'connect')?.status;
    if (connect === 'pending' || connect === 'failed') computer = await this.step('connect', 'running');
    if (connect !== 'completed') computer = await this.step('connect', 'completed');
    const install = stepOf(computer, 'install-deps')?.status;
    if (install === 'pending') {
      // autoInstallDeps false: nothing is installed until someone asks (POST …/install-deps).
      if (computer.autoInstallDeps === false) await this.step('install-deps', 'completed');
      else await this.install(computer, true);
    } else if (install === 'running') {
      await this.install(computer, false);
    }
  }

  /** What installs and refreshes run with: the commands' user, the clone timeout, the agent's stop. */
  private provisioning(computer: Computer, what: string): InstallSettings {
    return { ...this.gitSettings(what), repos: computer.repos ?? [], installCommand: this.options.install };
  }

  /** What every git command of the agent runs with (provisioning and readiness checkouts). */
  private gitSettings(what: string): Omit<InstallSettings, 'repos' | 'installCommand'> {
    return {
      workdir: this.options.workdir,
      user: this.options.runAs,
      cloneTimeoutMs: this.options.cloneTimeoutMs,
      // A stop ends the git or install command at once; a step left running runs again at the next start.
      signal: this.stopping.signal,
      log: (text) => this.log.info(`${what}: ${text}`),
    };
  }

  private async install(computer: Computer, report: boolean): Promise<void> {
    this.installing = true;
    try {
      if (report) await this.step('install-deps', 'running');
      const outcome = await installDeps(this.provisioning(computer, 'install-deps'));
      if (outcome.ok) {
        await this.step('install-deps', 'completed');
        this.log.info('install-deps completed');
      } else {
        await this.step('install-deps', 'failed', outcome.error.slice(-10_000));
        this.log.warn(`install-deps failed: ${outcome.error.split('\n')[0]}`);
      }
    } catch (error) {
      if (!(error instanceof Stopped) && !(error instanceof TokenRefused)) this.log.warn(`install-deps: ${describe(error)}`);
    } finally {
      this.installing = false;
    }
  }

  // ---- readiness evaluations ------------------------------------------------------------------

  /** Set when the server has no readiness endpoints (an older server): asked no more. */
  private readinessUnsupported = false;

  /**
   * Claims the organization's due readiness evaluations one at a time and runs each (clone or
   * fetch, evaluate, upload; docs/readiness.md) until none is due. A failure is sent to the
   * server, which keeps it visible and tries again while tries remain.
   */
  private async evaluateReadiness(): Promise<void> {
    while (!this.readinessUnsupported && !this.stopping.signal.aborted) {
      const claim = await this.retrying('claim a readiness evaluation', () => this.client.request('post', '/api/v0/agent/readiness-evaluations/claim', {})).catch((error: unknown) => {
        if (error instanceof QuarterdeckError && error.status === 404) {
          this.readinessUnsupported = true;
          this.log.info('the server schedules no readiness evaluations');
          return null;
        }
        return this.unexpected('claim a readiness evaluation', error);
      });
      if (!claim) return;
      const { evaluation } = claim;
      this.log.info(`readiness evaluation ${evaluation.id} of ${evaluation.repoId} (try ${evaluation.attempts})`);
      const outcome = await evaluateRepository(evaluation, this.gitSettings('readiness'));
      const path = { id: evaluation.id };
      // Sent even while stopping: the evaluation is done and its lease should not have to lapse.
      const answer = await this.retrying(
        'send a readiness evaluation',
        () =>
          'report' in outcome
            ? this.client.request('post', '/api/v0/agent/readiness-evaluations/{id}/report', { path, body: outcome.report })
            : this.client.request('post', '/api/v0/agent/readiness-evaluations/{id}/failure', { path, body: { error: outcome.error.slice(-10_000) } }),
        true,
      ).catch((error: unknown) => this.unexpected('send a readiness evaluation', error));
      if (!answer) continue;
      if ('report' in outcome) this.log.info(`readiness evaluation ${evaluation.id} uploaded: report ${answer.evaluation.reportId}`);
      else this.log.warn(`readiness evaluation ${evaluation.id} failed: ${outcome.error.split('\n')[0]}; the server has it (${answer.evaluation.status})`);
    }
  }

  // ---- runs ----------------------------------------------------------------------------------

  private loseRun(run: Run, reason: string): void {
    if (run.lost) return;
    run.lost = reason;
    this.log.warn(`run ${run.runId} of session ${run.sessionId}: ${reason}; stopping its command`);
    if (run.child) stopGroup(run.child);
  }

  /** Runs the command for one claimed message, posting what it prints, then finishes the run. */
  private async handle(claim: { sessionId: string; runId: string; message: Message; session: Session }): Promise<void> {
    const { sessionId, runId, message, session } = claim;
    const run: Run = { sessionId, runId, messageId: message.id, child: undefined, lost: undefined };
    this.run = run;
    this.log.info(`run ${runId}: message ${message.id} of session ${sessionId}`);
    const attachments = attachmentsDir(this.options.workdir, message.id);
    try {
      const paths = await writeAttachments(attachments, message, this.options.runAs).catch(async (error: unknown) => {
        // The run cannot start here: say so in the session and end it, rather than leave it to lapse.
        await this.post(run, { role: 'system', content: [{ type: 'text', text: `The agent could not write the message's attachments: ${(error as Error).message}` }] });
        await this.finish(run);
        return undefined;
      });
      if (!paths) return;
      const cwd = await this.workingDirectory(session);
      if (cwd === undefined) {
        await this.post(run, { role: 'system', content: [{ type: 'text', text: `The session's working directory ${session.cwd} is not a directory on this computer.` }] });
        await this.finish(run);
        return;
      }
      const settings = session.sessionSettings;
      const child = spawnShell(
        this.options.run,
        cwd,
        commandEnv({
          QUARTERDECK_SESSION_ID: sessionId,
          QUARTERDECK_MESSAGE_ID: message.id,
          QUARTERDECK_RUN_ID: runId,
          QUARTERDECK_ATTACHMENTS: paths.join('\n'),
          QUARTERDECK_SESSION_CWD: cwd,
          QUARTERDECK_MODEL: settings?.model ?? '',
          QUARTERDECK_INTERACTION_MODE: settings?.interactionMode ?? '',
          QUARTERDECK_AUTONOMY_LEVEL: settings?.autonomyLevel ?? '',
          QUARTERDECK_REASONING_EFFORT: settings?.reasoningEffort ?? '',
        }, this.options.runAs),
        this.options.runAs,
      );
      run.child = child;
      if (run.lost) stopGroup(child);
      child.stdin?.on('error', () => undefined); // a command that does not read its input
      child.stdin?.end(textOf(message));

      // Posts leave one at a time, in the order the command printed them.
      let posting = Promise.resolve();
      const collector = new OutputCollector(
        (outgoing) => {
          posting = posting.then(() => this.post(run, outgoing));
        },
        (text) => this.log.warn(`run ${runId}: ${text}`),
      );
      let quiet: NodeJS.Timeout | undefined;
      child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
        collector.write(chunk);
        clearTimeout(quiet);
        quiet = setTimeout(() => collector.flush(), this.options.flushMs);
      });
      const stderr = new Tail(STDERR_TAIL);
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => stderr.add(chunk));
      const code = await exitOf(child);
      clearTimeout(quiet);
      collector.end();
      await posting;
      if (run.lost) return;
      if (code !== 0) {
        const tail = stderr.toString().trimEnd();
        await this.post(run, { role: 'system', content: [{ type: 'text', text: `The run command exited with status ${code}.${tail ? `\n${tail}` : ''}` }] });
      }
      if (!run.lost) await this.finish(run);
    } finally {
      this.run = undefined;
      await removeAttachments(attachments).catch((error: unknown) => this.log.warn(`run ${runId}: the attachments were not removed: ${(error as Error).message}`));
    }
  }

  /** Where the run command runs: the session's cwd (relative to the work directory), or the work directory; undefined when that is no directory. */
  private async workingDirectory(session: Session): Promise<string | undefined> {
    const dir = session.cwd ? resolve(this.options.workdir, session.cwd) : this.options.workdir;
    const isDirectory = await stat(dir).then(
      (info) => info.isDirectory(),
      () => false,
    );
    return isDirectory ? dir : undefined;
  }

  private async post(run: Run, outgoing: OutgoingMessage): Promise<void> {
    for (let attempt = 0; !run.lost; attempt++) {
      try {
        await this.client.request('post', '/api/v0/agent/sessions/{sessionId}/messages', {
          path: { sessionId: run.sessionId },
          query: { runId: run.runId },
          body: { ...outgoing, parentId: run.messageId } as never,
        });
        return;
      } catch (error) {
        try {
          this.checkRefused(error);
        } catch {
          return;
        }
        if (error instanceof QuarterdeckError && (error.status === 409 || error.status === 404)) return this.loseRun(run, error.body.detail);
        // Sent again only when it surely did not arrive: a post counted twice would count its usage twice.
        const again = neverArrived(error) || (error instanceof QuarterdeckError && (error.status === 503 || error.status === 429));
        if (!again) return this.log.warn(`run ${run.runId}: a message could not be posted and is lost: ${describe(error)}`);
        await this.sleep(backoffMs(attempt, BACKOFF), true);
      }
    }
  }

  private async finish(run: Run): Promise<void> {
    try {
      const { status } = await this.retrying(
        'finish',
        () => this.client.request('post', '/api/v0/agent/sessions/{sessionId}/finish', { path: { sessionId: run.sessionId }, query: { runId: run.runId } }),
        true,
      );
      this.log.info(`run ${run.runId} finished; the session is ${status}`);
    } catch (error) {
      if (error instanceof QuarterdeckError && (error.status === 409 || error.status === 404)) this.log.warn(`run ${run.runId}: ${error.body.detail}`);
      else if (!(error instanceof TokenRefused)) throw error;
    }
  }
}

function stepOf(computer: Computer, id: string) {
  return computer.provisioningSteps?.find((step) => step.id === id);
}

/** What the command reads on standard input: the message's text blocks. */
function textOf(message: Message): string {
  return message.content
    .filter((block) => (block.type ?? 'text') === 'text')
    .map((block) => block.text)
    .join('\n');
}

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

/** A block's `source` as the API writes images and documents: `{type, mediaType, data}`. */
function sourceOf(block: Message['content'][number]): { type: string; mediaType: string; data: string } {
  const source = (block.source ?? {}) as { type?: unknown; mediaType?: unknown; data?: unknown };
  return {
    type: typeof source.type === 'string' ? source.type : 'text',
    mediaType: typeof source.mediaType === 'string' ? source.mediaType : '',
    data: typeof source.data === 'string' ? source.data : '',
  };
}

/** WORKDIR/.quarterdeck/attachments/<messageId>: the directories on the way, from the work directory. */
interface AttachmentsDir {
  workdir: string;
  parts: readonly string[];
  path: string;
}

function attachmentsDir(workdir: string, messageId: string): AttachmentsDir {
  const parts = ['.quarterdeck', 'attachments', basename(messageId)];
  return { workdir, parts, path: join(workdir, ...parts) };
}

/**
 * Makes each directory on the way that is missing, and refuses one that is a symbolic link (or
 * not a directory): a repository or an earlier command could have put one there to send the
 * attachments, or their removal, elsewhere. Answers false when a directory is missing and
 * `create` is false.
 */
async function plainDirectories(dir: AttachmentsDir, create: boolean, user: CommandUser | undefined): Promise<boolean> {
  let path = dir.workdir;
  for (const part of dir.parts) {
    path = join(path, part);
    const found = await lstat(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (found && (found.isSymbolicLink() || !found.isDirectory())) throw new Error(`${path} is not a plain directory (a symbolic link?): refusing to use it for attachments`);
    if (found) continue;
    if (!create) return false;
    await mkdir(path, { mode: 0o700 });
    if (user) await chown(path, user.uid, user.gid);
  }
  return true;
}

async function removeAttachments(dir: AttachmentsDir): Promise<void> {
  if (await plainDirectories(dir, false, undefined)) await rm(dir.path, { recursive: true, force: true });
}

/**
 * Writes the message's images and documents into `dir` and answers their paths: base64 sources
 * decoded, text sources as they are. Each file is created new (never through an existing name)
 * and belongs to the commands' user.
 */
async function writeAttachments(dir: AttachmentsDir, message: Message, user: CommandUser | undefined): Promise<string[]> {
  const blocks = message.content.filter((block) => block.type === 'image' || block.type === 'document');
  if (blocks.length === 0) return [];
  // Left by an agent that died during this message's earlier run.
  await removeAttachments(dir);
  await plainDirectories(dir, true, user);
  const paths: string[] = [];
  for (const [index, block] of blocks.entries()) {
    const source = sourceOf(block);
    const name =
      block.type === 'image'
        ? `image-${index + 1}.${EXTENSIONS[source.mediaType] ?? 'bin'}`
        : `${index + 1}-${basename(typeof block.name === 'string' ? block.name : 'file').replace(/[^\w.-]/g, '_')}`;
    const path = join(dir.path, name);
    await writeFile(path, source.type === 'base64' ? Buffer.from(source.data, 'base64') : Buffer.from(source.data), { mode: 0o600, flag: 'wx' });
    if (user) await chown(path, user.uid, user.gid);
    paths.push(path);
  }
  return paths;
}
