import type { FastifyError, FastifyInstance } from "fastify";
import { addRouteHook } from "./route-hooks";
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from "fastify-type-provider-zod";
import { ZodError, type z } from "zod";
import { unavailableOf } from "./unavailable-errors";
import { isClientAbort } from "./client-abort";

/** An error whose message is safe and useful to show to the person. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    readonly code?: string,
    /** Sent as Retry-After (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** A 429 from a request budget, or any other refusal for sending too often. */
export const TOO_MANY_REQUESTS_MESSAGE = "Too many requests. Please wait a moment and try again.";

export interface ApiErrorBody {
  message: string;
  code?: string;
  fieldErrors?: Record<string, string>;
  requestId?: string;
}

export function zodFieldErrors(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Parses input with a shared schema; failure becomes a 400 naming each field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fieldErrors = zodFieldErrors(result.error);
  const first = Object.values(fieldErrors)[0] ?? "Invalid input.";
  throw new HttpError(400, first, fieldErrors, "VALIDATION_FAILED");
}

/** A route schema's refusal, in the same shape as parseInput's: one message per field. */
function schemaFieldErrors(
  issues: readonly { instancePath: string; message?: string }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "_";
    fields[key] ??= issue.message ?? "Invalid input.";
  }
  return fields;
}

/** One error shape for the whole API; 5xx details stay in the log. */
export function registerErrorHandling(app: FastifyInstance): void {
  // A route with a body schema reads a missing body as {}, so each required
  // field is named in the answer rather than "expected object".
  addRouteHook(
    app,
    "preValidation",
    (route) => route.schema?.body !== undefined,
    (request, _reply, done) => {
      if (request.body === undefined) request.body = {};
      done();
    },
  );
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors = schemaFieldErrors(error.validation);
      return reply.status(400).send({
        message: Object.values(fieldErrors)[0] ?? "Invalid input.",
        code: "VALIDATION_FAILED",
        fieldErrors,
      } satisfies ApiErrorBody);
    }
    if (isClientAbort(error, request.raw)) {
      // Nobody is left to read an answer; not an outage either.
      request.log.debug({ reqId: request.id }, "client aborted the request body");
      return reply.status(400).send({ message: "The request was not completed." });
    }
    const unavailable = unavailableOf(error);
    if (unavailable) {
      request.log.error({ err: error, reqId: request.id }, "request failed: engine unavailable");
      return reply
        .status(503)
        .header("retry-after", String(unavailable.retryAfterSeconds))
        .send({ message: unavailable.message, code: unavailable.code } satisfies ApiErrorBody);
    }
    if (isResponseSerializationError(error)) {
      // An answer that does not match its declared schema never leaves the server.
      request.log.error({ err: error, issues: error.cause.issues }, "response failed its schema");
    }
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds) reply.header("retry-after", String(error.retryAfterSeconds));
      const body: ApiErrorBody = { message: error.message };
      if (error.code) body.code = error.code;
      if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
      return reply.status(error.statusCode).send(body);
    }
    if (error instanceof ZodError) {
      const fieldErrors = zodFieldErrors(error);
      return reply.status(400).send({
        message: Object.values(fieldErrors)[0] ?? "Invalid input.",
        code: "VALIDATION_FAILED",
        fieldErrors,
      } satisfies ApiErrorBody);
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error, reqId: request.id }, "request failed");
      return reply.status(status).send({
        message: "Something went wrong on our side. Please try again.",
        requestId: request.id,
      } satisfies ApiErrorBody);
    }
    const message =
      status === 429
        ? TOO_MANY_REQUESTS_MESSAGE
        : error.validation
          ? "The request is not valid."
          : status === 415
            ? "Unsupported content type."
            : status === 413
              ? "The request is too large."
              : error.message || "The request could not be processed.";
    return reply.status(status).send({ message, code: error.code } satisfies ApiErrorBody);
  });
}
