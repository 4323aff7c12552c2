import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { noBodySchema, noQuerySchema } from "../../../shared/no-input";
import { HttpError } from "../../http/errors";
import {
  SAVED_REPLY_NOT_FOUND,
  SHORTCUT_TAKEN,
  savedReplyInputSchema,
  savedReplyParamsSchema,
} from "../../../shared/saved-replies";
import { errorResponses, okSchema } from "../../../shared/responses/common";
import { savedRepliesSchema, savedReplySchema } from "../../../shared/responses/conversation-tools";
import {
  deleteSavedReply,
  insertSavedReply,
  listSavedReplies,
  shortcutTaken,
  updateSavedReply,
} from "./repository";

const tags = ["saved replies"];

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

const taken = () =>
  new HttpError(409, SHORTCUT_TAKEN, { shortcut: SHORTCUT_TAKEN }, "SHORTCUT_TAKEN");

/** The agents' shared saved replies; artists may not read or change them (403). */
function savedRepliesPlugin(
  parent: FastifyInstance,
  _options: unknown,
  done: (err?: Error) => void,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions, database } = app.ctx;
  const { db } = database;

  app.get(
    "/api/saved-replies",
    {
      schema: {
        tags,
        summary: "Agents: every saved reply, by shortcut",
        querystring: noQuerySchema,
        response: { 200: savedRepliesSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await sessions.requireAdmin(request);
      reply.header("cache-control", "no-store");
      return listSavedReplies(db);
    },
  );

  app.post(
    "/api/saved-replies",
    {
      schema: {
        tags,
        summary: "Agents: add a saved reply (shortcut unique, 1–32 characters, no spaces)",
        body: savedReplyInputSchema,
        response: { 201: savedReplySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.requireAdmin(request);
      const { shortcut, text } = request.body;
      if (await shortcutTaken(db, shortcut)) throw taken();
      try {
        const created = await insertSavedReply(db, {
          shortcut,
          text,
          createdById: user.id,
          now: Date.now(),
        });
        reply.code(201);
        return created;
      } catch (error) {
        // Two agents saving the same shortcut at once: the index refuses the second.
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },
  );

  app.put(
    "/api/saved-replies/:id",
    {
      schema: {
        tags,
        summary: "Agents: change a saved reply",
        params: savedReplyParamsSchema,
        body: savedReplyInputSchema,
        response: { 200: savedReplySchema, ...errorResponses },
      },
    },
    async (request) => {
      await sessions.requireAdmin(request);
      const { id } = request.params;
      const { shortcut, text } = request.body;
      if (await shortcutTaken(db, shortcut, id)) throw taken();
      try {
        const updated = await updateSavedReply(db, id, { shortcut, text, now: Date.now() });
        if (!updated) throw new HttpError(404, SAVED_REPLY_NOT_FOUND, undefined, "NOT_FOUND");
        return updated;
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },
  );

  app.delete(
    "/api/saved-replies/:id",
    {
      schema: {
        tags,
        summary: "Agents: remove a saved reply",
        body: noBodySchema,
        params: savedReplyParamsSchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      await sessions.requireAdmin(request);
      if (!(await deleteSavedReply(db, request.params.id))) {
        throw new HttpError(404, SAVED_REPLY_NOT_FOUND, undefined, "NOT_FOUND");
      }
      return { ok: true as const };
    },
  );
  done();
}

export default fp(savedRepliesPlugin, {
  name: "saved-replies",
  decorators: { fastify: ["ctx"] },
});
