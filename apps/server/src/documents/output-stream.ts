// Writing a file into a stream that may be slower than we make it (a file store, a network): every
// writer of a bundle waits for room before writing more, so what waits in memory stays bounded.
import type { Writable } from 'node:stream';

/** Stops the writer as soon as `out` is gone (failed, or closed by its reader), rather than write on into nothing. */
function assertOpen(out: Writable) {
  if (out.destroyed) throw out.errored ?? new Error('The output stream was closed before the file was written.');
}

/** Writes `chunk` and waits while `out` asks to (backpressure), so a slow reader bounds the memory. */
export async function writeChunk(out: Writable, chunk: Buffer | string): Promise<void> {
  assertOpen(out);
  out.write(chunk);
  await drained(out);
}

/** Resolves once `out` has room again (at once when it has); rejects if it closes instead. */
export async function drained(out: Writable): Promise<void> {
  assertOpen(out);
  if (!out.writableNeedDrain) return;
  // 'close' too: a stream destroyed without an error emits no 'error', and would never drain.
  await new Promise<void>((resolve) => {
    const settle = () => {
      out.off('drain', settle).off('close', settle);
      resolve();
    };
    out.on('drain', settle).on('close', settle);
  });
  assertOpen(out);
}

/** Ends `out` and resolves once everything written is flushed. */
export function endStream(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}
