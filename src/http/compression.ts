import compress from '@fastify/compress';
import type { App } from './context.js';

// Every JSON and CSV answer of 1 KB or more is compressed when the client asks (Accept-Encoding
// br or gzip), streamed answers too. Other types keep their bytes: the console's files and
// index.html, /metrics, anything event-streamed. Request bodies are not decompressed: a body is
// JSON within the body limit as sent.
export async function installCompression(app: App) {
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^(application\/json|text\/csv)(;|$)/,
    globalDecompression: false,
  });
}
