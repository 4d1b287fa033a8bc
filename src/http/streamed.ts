import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

// Answers too long to hold (a year of /tokens, a page of /users) are written as they are read.
// The first bytes are gathered before anything is sent: an answer that ends within them goes out
// whole, with its Content-Length (and uncompressed under the compression threshold), and an error
// in the first queries is still answered with the error body. A later error cuts the answer short.

const HELD_BYTES = 64 * 1024;

/** Sends the text of `chunks` (the reply's content type set already), streamed when it is long. */
export async function sendStreamed(reply: FastifyReply, chunks: AsyncIterable<string | Buffer>): Promise<FastifyReply> {
  const iterator = chunks[Symbol.asyncIterator]();
  const head: (string | Buffer)[] = [];
  let heldBytes = 0;
  while (heldBytes < HELD_BYTES) {
    const next = await iterator.next();
    if (next.done) return reply.send(Buffer.concat(head.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk))));
    head.push(next.value);
    heldBytes += next.value.length;
  }
  async function* all() {
    yield* head;
    yield* { [Symbol.asyncIterator]: () => iterator };
  }
  // One chunk read ahead at most: the client's pace sets the reading's, and memory stays flat.
  return reply.send(Readable.from(all(), { highWaterMark: 1 }));
}

/** The whole text of `chunks`, for an answer that must be held (the per-day CSV). */
export async function textOf(chunks: AsyncIterable<string | Buffer>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk.toString();
  return text;
}
