import pino from "pino";

/** Lines are written once this many bytes wait (about fifteen request lines). */
export const LOG_BUFFER_BYTES = 4096;
/** …or after this long, so a quiet server's lines still show within a second. */
export const LOG_FLUSH_MS = 1000;
/** pino's level of `warn`: a warning or worse is written at once. */
const WRITE_AT_ONCE_LEVEL = 40;

/** A log destination that can be stopped (tests close its descriptor afterwards). */
export interface BufferedLog extends pino.DestinationStream {
  /** Writes what waits and stops the periodic write; the descriptor stays open. */
  stop(): void;
}

/**
 * The server's log destination (decision 131): standard output (or `fd`),
 * written in batches. A line written straight to the file descriptor is one
 * `write` system call per request, several µs of a cached API read; here
 * about fifteen request lines go out in one call.
 *
 * What the buffer can cost is bounded: a warning or an error is written at
 * once, with every line that waited before it, in order, so the lines that
 * explain a crash are never held back; what waits is written at exit (an
 * uncaught error included). Only a process killed outright (SIGKILL, the
 * kernel's out-of-memory killer) loses request lines, at most the last
 * LOG_FLUSH_MS of them. Writes stay synchronous, as pino's default
 * destination's: no write is ever in flight behind another.
 */
export function bufferedLog(fd: number = process.stdout.fd): BufferedLog {
  const out = pino.destination({ dest: fd, sync: true, minLength: LOG_BUFFER_BYTES });
  // Whether a line may wait: the timer then writes; a quiet second costs no system call.
  let waiting = false;
  const writeWaiting = () => {
    waiting = false;
    out.flush();
  };
  const timer = setInterval(() => waiting && writeWaiting(), LOG_FLUSH_MS).unref();
  process.once("exit", writeWaiting);
  const stream = {
    // pino sets each line's level (`lastLevel`) on a stream that asks for it.
    [pino.symbols.needsMetadataGsym]: true,
    lastLevel: 0,
    write(line: string) {
      out.write(line);
      waiting = true;
      if (stream.lastLevel >= WRITE_AT_ONCE_LEVEL) writeWaiting();
    },
    stop() {
      writeWaiting();
      clearInterval(timer);
      process.off("exit", writeWaiting);
    },
  };
  return stream;
}
