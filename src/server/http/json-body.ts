import type { FastifyInstance } from "fastify";
import { HttpError } from "./errors";

/** Far deeper than any body the API takes (the deepest is two levels). */
export const MAX_JSON_DEPTH = 32;
export const JSON_TOO_DEEP_MESSAGE = "The request body is nested too deeply.";

/** Whether JSON text opens more than `max` arrays or objects inside each other. */
export function jsonNestsDeeper(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/**
 * Fastify's JSON parser (prototype-poisoning checks included) behind a
 * nesting limit: a body 10,000 levels deep answers 400 on every route before
 * any code walks it recursively (a stack overflow would be a 500).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (jsonNestsDeeper(text, MAX_JSON_DEPTH)) {
      done(new HttpError(400, JSON_TOO_DEEP_MESSAGE, undefined, "BODY_TOO_DEEP"), undefined);
      return;
    }
    void parse(request, text, done);
  });
}
