import { createAdapter } from "@socket.io/redis-adapter";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import type { PortalServer } from "./socket-types";
import { trackPublishes, type PublishTracker } from "./publish-tracker";

/** What the rest of the realtime layer needs to know of the adapter's link to Redis. */
export interface AdapterLink {
  /** Resolves once every publish made so far is confirmed by Redis (bounded; at once while it is down). */
  fannedOut(): Promise<void>;
  /** The publishes, counted (the durable fan-out's confirmations read it). */
  tracker: PublishTracker;
  /** Whether the publishing connection is up now. */
  ready(): boolean;
}

/**
 * Socket.IO over Redis: emits and disconnects addressed to a user's channel
 * reach that user's sockets on every instance. The plain pub/sub adapter
 * delivers nothing it could not publish or hear while Redis was away, so
 * when the link comes back every socket is told to resync ("sync:required",
 * one rule on the client: fetch what came after what it holds).
 */
export function attachRedisAdapter(
  app: FastifyInstance,
  io: PortalServer,
  redis: Redis,
): AdapterLink {
  // Pub/sub clients wait for Redis to come back rather than failing commands.
  const options = { maxRetriesPerRequest: null, enableOfflineQueue: true };
  const pub = redis.duplicate(options);
  const sub = redis.duplicate(options);
  const log = (err: unknown) => {
    app.log.warn({ err }, "socket.io redis adapter: command failed");
  };
  for (const client of [pub, sub]) client.on("error", log);

  // Publishes not yet confirmed by Redis, so an ack can wait for its fan-out.
  const publish = pub.publish.bind(pub) as (...args: unknown[]) => Promise<unknown>;
  const tracker = trackPublishes(publish, log);
  Object.assign(pub, { publish: tracker.publish });
  for (const method of ["subscribe", "psubscribe"] as const) {
    const original = sub[method].bind(sub) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(sub, {
      [method]: (...args: unknown[]) => {
        const result = original(...args);
        result.catch(log);
        return result;
      },
    });
  }

  // Lost and back: tell every socket (here and, through the adapter, on the
  // other instances) to resync, since live events may have gone missing.
  let lost = false;
  const onLost = () => {
    if (!lost) app.log.warn("socket.io redis adapter: lost Redis; sockets resync when it is back");
    lost = true;
  };
  const onReady = () => {
    if (!lost || pub.status !== "ready" || sub.status !== "ready") return;
    lost = false;
    app.log.info("socket.io redis adapter: Redis is back; sockets resync");
    io.emit("sync:required", { reason: "adapter-restored" });
  };
  for (const client of [pub, sub]) {
    client.on("close", onLost);
    client.on("ready", onReady);
  }

  // Channels are not keys: ioredis leaves them unprefixed, so the adapter's
  // channel takes REDIS_PREFIX itself (deployments sharing a Redis stay apart).
  io.adapter(createAdapter(pub, sub, { key: `${redis.options.keyPrefix ?? ""}portal:socket.io` }));
  app.addHook("onClose", (_instance, done) => {
    pub.disconnect();
    sub.disconnect();
    done();
  });

  return {
    async fannedOut() {
      if (pub.status === "ready") await tracker.settled();
    },
    tracker,
    ready: () => pub.status === "ready",
  };
}
