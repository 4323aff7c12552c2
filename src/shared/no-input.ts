import { z } from "zod";

/**
 * The declared input of a route that reads none: every route names its
 * query and (for writes) its body, so a route that starts reading input
 * without a schema fails the route-schema test. Anything sent is ignored
 * (unknown keys are stripped), as before the schema was declared.
 */
export const noQuerySchema = z.object({}).describe("Takes no query parameters.");
export const noBodySchema = z.object({}).describe("Takes no body; anything sent is ignored.");
