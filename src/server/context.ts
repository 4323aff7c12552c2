import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import type { Transaction } from "kysely";
import type { AttemptLimiter } from "./auth/attempt-limiter";
import type { Auth } from "./auth/auth";
import type { SessionReader } from "./auth/session-reader";
import type { AppConfig } from "./config";
import type { DatabaseHandle } from "./db/database";
import type { NoticeFeed } from "./db/notice-feed";
import type { Database } from "./db/schema";
import type { DomainEventMap, DomainEvents } from "./events/domain-events";
import type { ClientEventHandler, FeatureEventName, PortalServer } from "./realtime/socket-types";
import type { FileStorage } from "./storage/file-storage";
import type { UploadPurpose } from "./features/uploads/upload-purposes";
import type { JobQueue } from "./jobs/job-queue";
import type { MailOutbox } from "./mail/mail-outbox";
import type { MailTransport } from "./mail/mail-transport";
import type { ServerEventName, ServerToClientEvents } from "../shared/socket-events";

/**
 * What buildApp (app.ts) is given: configuration, the open database, and
 * what tests or main.ts hand in instead of the defaults.
 */
export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  /** Folder of the built SPA; absent in tests that only drive the API. */
  webRoot?: string;
  signInLimiter?: AttemptLimiter;
  storage?: FileStorage;
  /** Shared state across instances (rate limits, live fan-out) when configured. */
  redis?: Redis;
  authRequestsPerMinutePerIp?: number;
  /** Upload purposes beyond the product's own (tests of the upload machinery). */
  extraUploadPurposes?: readonly UploadPurpose[];
  logger?: boolean;
  /** Where log lines go instead of stdout (tests scan them). */
  logStream?: { write(line: string): void };
  /** Tests hand in an SMTP transport or a job engine; otherwise chosen by config. */
  mailTransport?: MailTransport;
  jobQueue?: JobQueue;
  /** Runs on the bare app before any plugin or route (tests list routes with it). */
  beforeRoutes?: (app: FastifyInstance) => void;
}

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
  /**
   * The database's word of every change to ledger balances, from any process
   * (PostgreSQL's LISTEN; decision 116). Undefined on SQLite.
   */
  ledgerNotices: NoticeFeed | undefined;
}

/**
 * Live delivery to users' open tabs, on this instance and (with Redis) every
 * other. Owned by src/server/realtime: features never emit to sockets
 * themselves; they emit domain events and realtime/fan-out.ts addresses them.
 */
export interface Realtime {
  io: PortalServer;
  /** Sends an event to every tab of these users. */
  toUsers<E extends ServerEventName>(
    userIds: readonly string[],
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Sends an event to every tab of every support agent. Never reaches an artist. */
  toAgents<E extends ServerEventName>(
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void;
  /**
   * Sends an event to these users and every agent, each socket once: a
   * conversation's messages, which every agent of the team desk sees.
   */
  toUsersAndAgents<E extends ServerEventName>(
    userIds: readonly string[],
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void;
  /**
   * Sends an event to these users and every agent watching the room (its
   * conversation open on screen), each socket once.
   */
  toRoom<E extends ServerEventName>(
    roomId: string,
    userIds: readonly string[],
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void;
  /** A conversation moved: the desk hears it in a coalesced "desk:activity". */
  deskActivity(roomId: string): void;
  /** Sends an event to every connected user. */
  toEveryone<E extends ServerEventName>(
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void;
  /**
   * Answers a client → server event on every socket, with the signed-in user
   * of that socket. The only way a feature hears its clients.
   */
  handle<E extends FeatureEventName>(event: E, handler: ClientEventHandler<E>): void;
  /**
   * Resolves once the emits made so far have been handed to Redis (at most a
   * short wait; at once without Redis or while it is unreachable). A send is
   * acknowledged after this, so an instance that dies right after its ack has
   * already passed the message on.
   */
  fannedOut(): Promise<void>;
  /**
   * A marked message's live events were just emitted: its fan-out mark goes
   * once Redis confirms them (decision 094). Nothing to do without Redis.
   */
  delivered(messageId: string): void;
  /** This process among the instances sharing Redis (decision 094's marks); undefined without Redis. */
  instanceId: string | undefined;
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

/** What the user said when asking to delete the account, and when. */
export interface AccountDeletion {
  /** The wallet balance (paise) the user agreed to give up, as the page showed it. */
  giveUpPaise?: number | undefined;
  now: number;
}

/** What a feature removed: stored files whose bytes go after the commit, money it moved. */
export interface RemovedUserData {
  fileIds: string[];
  /** Postings made in the deletion (held split money returned): told once committed. */
  posted?: DomainEventMap["ledger.posted"][];
}

/**
 * Removes what one feature holds of a user, inside the account-deletion
 * transaction; answers the stored files whose rows went, so their bytes are
 * removed after the commit.
 */
export type UserDataRemover = (
  trx: Transaction<Database>,
  userId: string,
  deletion: AccountDeletion,
) => Promise<RemovedUserData>;
