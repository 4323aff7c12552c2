import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { artistSongRoutes } from "./artist-routes";
import { deskSongRoutes } from "./desk-routes";

/**
 * The artist's catalogue and the agents' song desk, in their own scope:
 * song data is personal, never kept by shared caches (this scope's onRequest).
 */
async function songsPlugin(parent: FastifyInstance): Promise<void> {
  await parent.register(async (scope) => {
    // Set before the handler, which may allow more (sendRevalidated); errors keep it.
    scope.addHook("onRequest", (_request, reply, done) => {
      reply.header("cache-control", "private, no-store");
      done();
    });
    await scope.register(artistSongRoutes);
    await scope.register(deskSongRoutes);
  });
}

export default fp(songsPlugin, { name: "songs", decorators: { fastify: ["ctx"] } });
