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

export async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
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
  return data as T;
}
