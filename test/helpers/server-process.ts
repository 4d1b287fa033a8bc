import { spawn, type ChildProcess } from 'node:child_process';

// The server from its sources (`tsx src/main.ts`) in a process of its own, for the tests that
// kill it: it answers on a real port, and the caller decides when it dies.

export interface LaunchedServer {
  child: ChildProcess;
  /** Resolves once the server logs that it listens; rejects if it exits before. */
  listening: Promise<void>;
}

export function launchServer(env: Record<string, string>): LaunchedServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Server listening at')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', () => reject(new Error(`server exited before listening: ${output.slice(-2000)}`)));
  });
  listening.catch(() => undefined);
  return { child, listening };
}

/** Kills the server with SIGKILL and waits for it to be gone. */
export async function killHard(server: LaunchedServer): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}
