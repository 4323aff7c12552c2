/**
 * The kill-during-sends scenario, for each engine's faults test: a
 * one-process server is killed with SIGKILL in the middle of a burst of chat
 * sends, `kills` times, and restarted on the same data. The client does
 * what the web app does: it keeps several sends in flight and resends, with
 * the same id, whatever was not acknowledged. The test then checks that
 * every acknowledged message is stored, none twice, and the room's seq runs
 * 1..N without a gap.
 */
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { Socket } from "socket.io-client";
import getPort from "get-port";
import { PortalClient, sendMessage, startServer, type ServerProcess } from "../test/server-process";

const IN_FLIGHT = 8;
/**
 * A restart compiles the server again (tsx), beside the rest of CI on 2
 * cores: once it took over a minute. The scenario's own time limit is ten.
 */
const SERVER_START_MS = 180_000;

interface Outgoing {
  id: string;
  text: string;
}

/**
 * Sends `queue` (oldest first) and then new messages, IN_FLIGHT at a time,
 * until the socket dies; returns what was acknowledged.
 */
function burst(socket: Socket, roomId: string, queue: Outgoing[], label: string) {
  const acked = new Set<string>();
  let next = 0;
  const state = { dead: false };
  socket.once("disconnect", () => (state.dead = true));
  const isDead = () => state.dead;
  const sender = async () => {
    while (!isDead()) {
      const message = queue[next] ?? { id: randomUUID(), text: `${label}-${next}` };
      if (next >= queue.length) queue.push(message);
      next += 1;
      try {
        const ack = await sendMessage(socket, { roomId, ...message }, 3000);
        if (ack.ok) acked.add(message.id);
        else throw new Error(`send refused: ${ack.error}`);
      } catch (err) {
        if (!isDead() && !(err instanceof Error && /timed out|disconnected/.test(err.message))) {
          throw err;
        }
      }
    }
  };
  return { acked, done: Promise.all(Array.from({ length: IN_FLIGHT }, sender)) };
}

export interface KillScenario {
  kills: number;
  /** The server's environment besides its port and origin (DATA_DIR, DATABASE_URL...). */
  env: NodeJS.ProcessEnv;
  makeAgent: (userId: string) => Promise<void>;
  storedRows: (roomId: string) => Promise<{ id: string; seq: number }[]>;
  /** The running server, for the test's cleanup. */
  onServer: (server: ServerProcess) => void;
}

export interface KillOutcome {
  acknowledged: number;
  stored: { id: string; seq: number }[];
  lost: string[];
  doubled: number;
}

export async function killDuringSends(scenario: KillScenario): Promise<KillOutcome> {
  const port = await getPort();
  const origin = `http://localhost:${port}`;
  const env = {
    PUBLIC_URL: origin,
    BETTER_AUTH_SECRET: "kill-during-sends-secret-0123456789abcdef",
    AUTH_RATE_LIMIT_PER_MINUTE: "1000",
    // One user sends bursts as fast as the server acks: beyond the per-user limits on purpose.
    CHAT_SEND_BURST: "1000000",
    CHAT_SENDS_PER_MINUTE: "1000000",
    ...scenario.env,
  };
  let server = await startServer(env, port, SERVER_START_MS);
  scenario.onServer(server);
  const artist = new PortalClient(server.url, origin);
  const agent = new PortalClient(server.url, origin);
  await artist.signUp("Artist", "artist@example.test");
  const agentId = await agent.signUp("Agent", "agent@example.test");
  await scenario.makeAgent(agentId);
  const room = (await (await artist.call("PUT", `/api/chat/rooms/with/${agentId}`)).json()) as {
    roomId: string;
  };

  const everAcked = new Set<string>();
  let unacked: Outgoing[] = [];
  for (let kill = 0; kill <= scenario.kills; kill++) {
    if (kill > 0) {
      server = await startServer(env, port, SERVER_START_MS);
      scenario.onServer(server);
    }
    artist.base = server.url;
    const socket = await artist.socket();
    const queue = [...unacked];
    const { acked, done } = burst(socket, room.roomId, queue, `k${kill}`);
    if (kill < scenario.kills) {
      // Let some sends complete, then pull the plug mid-burst.
      await new Promise((r) => setTimeout(r, 150 + Math.random() * 350));
      server.child.kill("SIGKILL");
      await server.exited;
    } else {
      // Last round: let the resent backlog and a few more be acknowledged, then stop.
      await expect
        .poll(() => unacked.every((m) => acked.has(m.id)), { timeout: 15_000 })
        .toBe(true);
      socket.disconnect();
    }
    await done;
    socket.disconnect();
    for (const id of acked) everAcked.add(id);
    unacked = queue.filter((m) => !acked.has(m.id) && !everAcked.has(m.id));
  }
  server.child.kill("SIGKILL");
  await server.exited;

  const stored = await scenario.storedRows(room.roomId);
  const ids = stored.map((r) => r.id);
  return {
    acknowledged: everAcked.size,
    stored,
    lost: [...everAcked].filter((id) => !ids.includes(id)),
    doubled: ids.length - new Set(ids).size,
  };
}

/** What every engine's test asserts of the outcome. */
export function expectNothingLostOrDoubled(outcome: KillOutcome, kills: number): void {
  console.log(
    `${kills} kills: ${outcome.acknowledged} acknowledged, ${outcome.stored.length} stored, ` +
      `${outcome.lost.length} lost, ${outcome.doubled} duplicated`,
  );
  expect(outcome.acknowledged).toBeGreaterThan(kills);
  expect(outcome.lost).toEqual([]);
  expect(outcome.doubled).toBe(0);
  expect(outcome.stored.map((r) => r.seq)).toEqual(outcome.stored.map((_, i) => i + 1));
}
