import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { artistSongRoutes } from "./artist-routes";
import { deskSongRoutes } from "./desk-routes";

/**
 * The artist's catalogue and the agents' song desk, in their own scope:
 * song data is personal, never kept by shared caches (this scope's onSend).
 */
async function songsPlugin(parent: FastifyInstance): Promise<void> {
  await parent.register(async (scope) => {
    scope.addHook("onSend", (_request, reply, payload, done) => {
      reply.header("cache-control", "private, no-store");
      done(null, payload);
    });
    await scope.register(artistSongRoutes);
    await scope.register(deskSongRoutes);
  });
}

export default fp(songsPlugin, { name: "songs", decorators: { fastify: ["ctx"] } });
