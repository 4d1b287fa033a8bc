import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

// The demo computer's run command (docs/agent.md "What the command prints"): a small scripted
// coding agent, run by `quarterdeck agent` for each message of a demo session. It reads the task on
// standard input and works in the session's directory as a coding agent would — model calls
// (usage lines), tool calls on the real files (listing, reading, searching), each a `tool`
// message with what it found — then answers with its plan and exits. Nothing is made up: the
// tools' results are the directory's.

const MODEL = { modelId: 'claude-sonnet-4-5', modelTier: 'standard' } as const;
const MAX_READ = 3;

function emit(line: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** One model call: its tokens grow with what the agent has read so far (about 4 characters a token). */
function modelCall(context: string, answer: number): void {
  emit({ quarterdeck: 'usage', ...MODEL, inputTokens: 1200 + Math.ceil(context.length / 4), outputTokens: answer, cacheReadTokens: 800, cacheWriteTokens: 0 });
}

function tool(name: string, text: string): void {
  emit({ quarterdeck: 'message', role: 'tool', content: [{ type: 'tool_result', id: name, text }] });
}

async function readTask(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').trim();
}

async function main(): Promise<void> {
  const task = await readTask();
  const dir = process.cwd();
  let context = task;
  modelCall(context, 120);

  const entries = (await readdir(dir, { withFileTypes: true })).filter((entry) => !entry.name.startsWith('.'));
  const listing = entries.map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name)).sort();
  tool('list_files', `list_files ${dir}: ${listing.length} ${listing.length === 1 ? 'entry' : 'entries'}${listing.length ? `\n${listing.slice(0, 20).join('\n')}` : ''}`);
  context += listing.join('\n');

  const files = entries.filter((entry) => entry.isFile()).slice(0, MAX_READ);
  const words = task.toLowerCase().match(/[a-z]{5,}/g) ?? [];
  let matches = 0;
  for (const file of files) {
    const text = await readFile(join(dir, file.name), 'utf8').catch(() => '');
    const lines = text.split('\n');
    tool('read_file', `read_file ${file.name}: ${lines.length} lines`);
    matches += lines.filter((line) => words.some((word) => line.toLowerCase().includes(word))).length;
    context += text.slice(0, 4000);
  }
  modelCall(context, 300);
  tool('search', `search ${words.slice(0, 3).join(', ') || '(no keyword)'}: ${matches} matching lines in ${files.length} files`);

  modelCall(context, 450);
  const first = task.split('\n')[0] ?? '';
  console.log(
    [
      `Task: ${first}`,
      `I listed ${dir} (${listing.length} ${listing.length === 1 ? 'entry' : 'entries'}), read ${files.length} ${files.length === 1 ? 'file' : 'files'} and found ${matches} ${matches === 1 ? 'line' : 'lines'} about it.`,
      matches > 0 ? 'Next: change those lines and run the tests.' : 'Nothing here touches it yet: the repository needs to be cloned in this session before I can change anything.',
    ].join('\n'),
  );
}

await main();
