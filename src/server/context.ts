import type { Redis } from "ioredis";
import type { Transaction } from "kysely";
import type { Auth } from "./auth/auth";
import type { SessionReader } from "./auth/session-reader";
import type { AppConfig } from "./config";
import type { DatabaseHandle } from "./db/database";
import type { Database } from "./db/schema";
import type { DomainEvents } from "./events/domain-events";
import type { PortalServer } from "./realtime/socket-types";
import type { FileStorage } from "./storage/file-storage";
import type { MailOutbox } from "./mail/mail-outbox";
import type { ServerToClientEvents } from "../shared/socket-events";

/**
 * What the composition root (app.ts) builds once and hands to the feature
 * plugins. Plugins take from it only what they use and pass services only
 * their own dependencies; nothing here is mutable after start-up.
 */
export interface AppContext {
  config: AppConfig;
  database: DatabaseHandle;
  auth: Auth;
  /** The signed-in user of a request or socket handshake (cached, revoked by events). */
  sessions: SessionReader;
  storage: FileStorage;
  /** Shared state across instances (limits, live fan-out) when configured. */
  redis: Redis | undefined;
  events: DomainEvents;
  /** Every mail is recorded here first, then sent by the job engine. */
  mail: MailOutbox;
}

/** Live delivery to users' open tabs, on this instance and (with Redis) every other. */
export interface Realtime {
  io: PortalServer;
  /** Sends an event to every tab of these users. */
  toUsers<E extends keyof ServerToClientEvents>(
    userIds: readonly string[],
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void;
  /**
   * Sends an event to every tab of every support agent, except these users'
   * (who got it addressed to them already). Never reaches an artist.
   */
  toAgents<E extends keyof ServerToClientEvents>(
    except: readonly string[],
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Sends an event to every connected user. */
  toEveryone<E extends keyof ServerToClientEvents>(
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Closes every socket of this user (account deleted, password changed). */
  disconnectUser(userId: string): void;
  /** Closes the sockets opened with this session (signed out). */
  disconnectSession(sessionId: string): void;
}

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
    realtime: Realtime;
  }
}

/**
 * Removes what one feature holds of a user, inside the account-deletion
 * transaction; answers the stored files whose rows went, so their bytes are
 * removed after the commit.
 */
export type UserDataRemover = (
  trx: Transaction<Database>,
  userId: string,
) => Promise<{ fileIds: string[] }>;
