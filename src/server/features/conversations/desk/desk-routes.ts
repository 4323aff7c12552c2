import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  assignSchema,
  deskInboxQuerySchema,
  deskRoomParamsSchema,
  noteSchema,
} from "../../../../shared/desk";
import { chatMessageSchema } from "../../../../shared/responses/chat";
import { errorResponses } from "../../../../shared/responses/common";
import {
  deskInboxSchema,
  deskRoomSchema,
  deskUnreadSchema,
} from "../../../../shared/responses/desk";
import type { DeskService } from "./desk-service";
import { noBodySchema, noQuerySchema } from "../../../../shared/no-input";

const tags = [
  "desk",
]; /** A single conversation's desk state, as every conversation action answers it. */
const room = {
  params: deskRoomParamsSchema,
  response: { 200: deskRoomSchema, ...errorResponses },
};

export interface DeskOptions {
  /** The desk's service, built once by the app's wiring (conversations.ts). */
  desk: DeskService;
}

/**
 * The support desk as a team (agents only): the Mine, Team and Resolved
 * views, assignment, resolve and reopen, internal notes; and the live
 * fan-out of all of it to agents, never to an artist.
 */
function deskPlugin(
  app: FastifyInstance,
  { desk }: DeskOptions,
  done: (err?: Error) => void,
): void {
  registerDeskViewRoutes(app, desk);
  registerConversationActions(app, desk);
  done();
}

/** Reading the desk: one view of the inbox, and one conversation's state. */
function registerDeskViewRoutes(parent: FastifyInstance, service: DeskService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;

  app.get(
    "/api/desk/conversations",
    {
      schema: {
        tags,
        summary: "Agents: one desk view (mine, team, resolved) with every view's count",
        querystring: deskInboxQuerySchema,
        response: { 200: deskInboxSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      service.requireAgent(user);
      reply.header("cache-control", "no-store");
      return service.inbox(user, request.query);
    },
  );

  app.get(
    "/api/desk/unread",
    {
      schema: {
        tags,
        summary: "Agents: the navigation badge, unread messages in what is theirs (Mine)",
        querystring: noQuerySchema,
        response: { 200: deskUnreadSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      service.requireAgent(user);
      reply.header("cache-control", "no-store");
      return { unread: await service.unread(user) };
    },
  );

  app.get(
    "/api/desk/rooms/:id",
    {
      schema: {
        tags,
        summary: "Agents: a conversation's assignee, status and the agents",
        querystring: noQuerySchema,
        ...room,
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      reply.header("cache-control", "no-store");
      return service.state(user, request.params.id);
    },
  );
}

/** What an agent does to a conversation: assign, resolve, reopen, write a note. */
function registerConversationActions(parent: FastifyInstance, service: DeskService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;

  app.put(
    "/api/desk/rooms/:id/assignee",
    { schema: { tags, summary: "Agents: assign a conversation", body: assignSchema, ...room } },
    async (request) => {
      const { user } = await sessions.require(request);
      return service.assign(user, request.params.id, request.body);
    },
  );

  app.post(
    "/api/desk/rooms/:id/resolve",
    { schema: { tags, summary: "Agents: resolve a conversation", body: noBodySchema, ...room } },
    async (request) => {
      const { user } = await sessions.require(request);
      return service.resolve(user, request.params.id);
    },
  );

  app.post(
    "/api/desk/rooms/:id/reopen",
    {
      schema: {
        tags,
        summary: "Agents: reopen a resolved conversation",
        body: noBodySchema,
        ...room,
      },
    },
    async (request) => {
      const { user } = await sessions.require(request);
      return service.reopen(user, request.params.id);
    },
  );

  app.post(
    "/api/desk/rooms/:id/notes",
    {
      schema: {
        tags,
        summary: "Agents: write an internal note (never shown to the artist)",
        params: deskRoomParamsSchema,
        body: noteSchema,
        response: { 200: chatMessageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await sessions.require(request);
      return service.addNote(user, request.params.id, request.body);
    },
  );
}

export default fp(deskPlugin, {
  name: "desk",
  dependencies: ["realtime", "chat"],
  decorators: { fastify: ["ctx", "realtime"] },
});
