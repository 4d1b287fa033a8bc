// Reads standard input up to a size, optionally giving up after a while (a hook must never hang
// on an input that does not end).

export interface ReadLimits {
  maxBytes: number;
  /** After this, what was read so far is returned. */
  timeoutMs?: number;
}

export interface StdinText {
  text: string;
  /** More than maxBytes arrived, or the time ran out before the input ended. */
  incomplete: boolean;
}

export function readStdin(stream: NodeJS.ReadableStream, limits: ReadLimits): Promise<StdinText> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const done = (incomplete: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stream.removeAllListeners('data');
      stream.pause();
      resolve({ text: Buffer.concat(chunks).toString('utf8'), incomplete });
    };
    if (limits.timeoutMs !== undefined) timer = setTimeout(() => done(true), limits.timeoutMs);
    stream.on('data', (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > limits.maxBytes) return done(true);
      chunks.push(bytes);
    });
    stream.once('end', () => done(false));
    stream.once('error', () => done(true));
  });
}
