import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError, type z } from "zod";

/** An error whose message is safe and useful to show to the person. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    readonly code?: string,
  ) {
    super(message);
  }
}

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

/** One error shape for the whole API; 5xx details stay in the log. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (error instanceof HttpError) {
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
        ? "Too many requests. Please wait a moment and try again."
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
