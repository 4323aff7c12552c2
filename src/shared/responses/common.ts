import { z } from "zod";

/**
 * Response schemas: what each route may send, no more. Fastify serialises
 * through them, so a field a row carries but the schema lacks (a password
 * hash, an internal key) never leaves the server. The web app keeps its
 * TypeScript interfaces; each schema here `satisfies` the interface it answers.
 */
export const okSchema = z.object({ ok: z.literal(true) });

/** Done, with a sentence to show (a mail sent, a link used). */
export const okMessageSchema = okSchema.extend({ message: z.string() });

/** The API's one error shape (see the server's error handler). */
export const apiErrorSchema = z
  .object({
    message: z.string(),
    code: z.string().optional(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  })
  .describe("An error a person can read; fieldErrors names each invalid field.");

/** The error answers every route may give, for the OpenAPI document. */
export const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  429: apiErrorSchema,
  500: apiErrorSchema,
  502: apiErrorSchema,
  503: apiErrorSchema,
} as const;
