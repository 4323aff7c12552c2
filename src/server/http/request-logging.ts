import {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from "fastify";
import { redactUrl } from "./log-redaction";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user the route checked (`SessionReader.require`), for the request line. */
    sessionUserId: string | null;
  }
}

/** Levels at which a request's `info` line is written (pino's, lowest first). */
const INFO_ENABLED = new Set(["trace", "debug", "info"]);

/**
 * Fastify's own request logging writes two lines per request ("incoming
 * request", "request completed"), each through the full request/response
 * serializers: 2–15% of a song-list request's CPU. One line per finished
 * request with the fields an operator reads keeps the log at half the cost.
 *
 * A request that ends without an error is logged through a child of the
 * root logger made without redaction (decision 087): every field of that
 * line is one the portal builds itself (method, the URL after `redactUrl`,
 * status, duration, request id, user id), none of which can hold a cookie,
 * a header or a body, so pino's redaction (a top-level wildcard, run on
 * every field of every line: 7% of a cached read) has nothing to find in
 * it. Everything else a route or hook logs, and the line of a request that
 * errored (it carries the error), still goes through the redacting logger.
 */
class OneLineLogController extends LogController {
  private root: FastifyBaseLogger | undefined;
  private plain: FastifyBaseLogger | undefined;

  override incomingRequest(): void {
    // Folded into the completion line.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: Parameters<LogController["requestCompleted"]>[1],
    reply: Parameters<LogController["requestCompleted"]>[2],
  ): void {
    if (this.isLogDisabled(request)) return;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    if (error) {
      reply.log.error(
        {
          method: request.method,
          url: redactUrl(request.url),
          statusCode: reply.statusCode,
          ms,
          userId: request.sessionUserId ?? undefined,
          err: error,
        },
        "request errored",
      );
      return;
    }
    // The request's own logger decides whether the line is written (a route's logLevel).
    if (!INFO_ENABLED.has(reply.log.level)) return;
    this.plainLogger(request.server.log).info(
      {
        [this.requestIdLogLabel]: request.id,
        method: request.method,
        // Reset, undo and unsubscribe links carry their token in the URL.
        url: redactUrl(request.url),
        statusCode: reply.statusCode,
        ms,
        userId: request.sessionUserId ?? undefined,
      },
      "request",
    );
  }

  /** The root logger without redaction, made once; it writes whatever it is given. */
  private plainLogger(root: FastifyBaseLogger): FastifyBaseLogger {
    if (root !== this.root || this.plain === undefined) {
      this.root = root;
      this.plain = root.child({}, { level: "trace", redact: [] });
    }
    return this.plain;
  }
}

type Bindings = Parameters<FastifyBaseLogger["child"]>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger["child"]>[1]>;
type LevelName = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

/**
 * A request's logger (`request.log`), made on its first use. Fastify makes a
 * pino child with the request id for every request, and pino serializes
 * that binding through the redaction at once (3% of a cached read); most
 * requests log nothing but their request line, which takes the id as a
 * field. A route that logs gets the same child, with the same id, then.
 */
class DeferredRequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get log(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.log.level = level;
  }

  // Methods on the prototype: nothing is allocated per request but the object itself.
  fatal(...args: unknown[]): void {
    this.write("fatal", args);
  }
  error(...args: unknown[]): void {
    this.write("error", args);
  }
  warn(...args: unknown[]): void {
    this.write("warn", args);
  }
  info(...args: unknown[]): void {
    this.write("info", args);
  }
  debug(...args: unknown[]): void {
    this.write("debug", args);
  }
  trace(...args: unknown[]): void {
    this.write("trace", args);
  }
  silent(...args: unknown[]): void {
    this.write("silent", args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.log.child(bindings, options);
  }

  /** pino's method of that level on the made child, with every argument as given. */
  private write(level: LevelName, args: unknown[]): void {
    const log = this.log;
    Reflect.apply(log[level], log, args);
  }
}

/** Fastify's options for the one request line (a controller per app: it keeps the app's logger). */
export function requestLoggingOptions() {
  return {
    logController: new OneLineLogController(),
    childLoggerFactory: (logger, bindings, options) =>
      new DeferredRequestLogger(logger, bindings, options),
  } satisfies FastifyServerOptions;
}

/** The request's user id slot, filled by `SessionReader.require` (null until a route checks). */
export function decorateRequestUser(app: FastifyInstance): void {
  app.decorateRequest("sessionUserId", null);
}
