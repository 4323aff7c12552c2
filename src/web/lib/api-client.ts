import type { Answer, AnswerName } from "./api-answers";

/** Error thrown for any non-2xx answer; message is the server's human text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fieldErrors?: Record<string, string>,
    /** The whole answer, for a refusal that says more (a submit's issues). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

interface ErrorBody {
  message?: string;
  code?: string;
  fieldErrors?: Record<string, string>;
}

export interface ApiFetchInit<N extends AnswerName> {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The answer's shape, by name (src/web/lib/api-answers.ts): it types the
   * result, and in development and tests the answer is checked against it.
   */
  answer: N;
}

export async function apiFetch<N extends AnswerName>(
  path: string,
  init: ApiFetchInit<N>,
): Promise<Answer<N>> {
  const response = await fetch(path, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    credentials: "same-origin",
    headers: init.body === undefined ? undefined : { "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const body = (data ?? {}) as ErrorBody;
    throw new ApiError(
      response.status,
      body.message ?? response.statusText,
      body.code,
      body.fieldErrors,
      data,
    );
  }
  // Development and tests check every answer against the server's own
  // response schema; the production build drops this branch and the schemas
  // with it (decision 101).
  if (import.meta.env.DEV) {
    const { checkAnswer } = await import("./api-answers");
    const method = init.method ?? (init.body === undefined ? "GET" : "POST");
    checkAnswer(`${method} ${path}`, init.answer, data);
  }
  return data as Answer<N>;
}
