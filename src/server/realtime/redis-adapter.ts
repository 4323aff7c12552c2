import { createAdapter } from "@socket.io/redis-adapter";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import type { PortalServer } from "./socket-types";

type FireAndForget = "publish" | "subscribe" | "psubscribe";

/**
 * The adapter fires publish and subscribe commands without awaiting them. In
 * a Redis outage their rejections must be logged, not end the process as
 * unhandled rejections; ioredis reconnects and resubscribes by itself.
 */
function logRejections(client: Redis, methods: FireAndForget[], log: (err: unknown) => void) {
  for (const method of methods) {
    const original = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const result = original(...args);
      result.catch(log);
      return result;
    };
  }
}

/**
 * Socket.IO over Redis: emits and disconnects addressed to a user's channel
 * reach that user's sockets on every instance. Events missed while a client
 * was away are recovered by its resync after the last seq it holds, so the
 * plain (pub/sub) adapter suffices.
 */
export function attachRedisAdapter(app: FastifyInstance, io: PortalServer, redis: Redis): void {
  // Pub/sub clients wait for Redis to come back rather than failing commands.
  const options = { maxRetriesPerRequest: null, enableOfflineQueue: true };
  const pub = redis.duplicate(options);
  const sub = redis.duplicate(options);
  const log = (err: unknown) => {
    app.log.warn({ err }, "socket.io redis adapter: command failed");
  };
  for (const client of [pub, sub]) client.on("error", log);
  logRejections(pub, ["publish"], log);
  logRejections(sub, ["subscribe", "psubscribe"], log);
  io.adapter(createAdapter(pub, sub, { key: "portal:socket.io" }));
  app.addHook("onClose", (_instance, done) => {
    pub.disconnect();
    sub.disconnect();
    done();
  });
}
