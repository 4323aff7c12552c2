/**
 * Faults suite: a one-process SQLite server is killed with SIGKILL in the
 * middle of a burst of chat sends, FAULT_KILLS times (20), and restarted on
 * the same DATA_DIR. The client does what the web app does: it keeps
 * several sends in flight and resends, with the same id, whatever was not
 * acknowledged. At the end, every acknowledged message is stored, none
 * twice, and the room's seq runs 1..N without a gap.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import getPort from "get-port";
import { PortalClient, sendMessage, startServer, type ServerProcess } from "../test/server-process";

const KILLS = Number(process.env.FAULT_KILLS ?? 20);
const IN_FLIGHT = 8;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-kill-"));
let server: ServerProcess | undefined;
afterAll(() => {
  server?.child.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

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

it(`loses and doubles no acknowledged message across ${KILLS} SIGKILLs`, async () => {
  const port = await getPort();
  const origin = `http://localhost:${port}`;
  const env = {
    DATA_DIR: dataDir,
    PUBLIC_URL: origin,
    BETTER_AUTH_SECRET: "kill-during-sends-secret-0123456789abcdef",
    AUTH_RATE_LIMIT_PER_MINUTE: "1000",
    // One user sends bursts as fast as the server acks: beyond the per-user limits on purpose.
    CHAT_SEND_BURST: "1000000",
    CHAT_SENDS_PER_MINUTE: "1000000",
  };
  server = await startServer(env, port);
  const artist = new PortalClient(server.url, origin);
  const agent = new PortalClient(server.url, origin);
  await artist.signUp("Artist", "artist@example.test");
  const agentId = await agent.signUp("Agent", "agent@example.test");
  const sqlite = new SQLite(path.join(dataDir, "portal.sqlite"));
  sqlite.prepare(`update "user" set admin = 1 where id = ?`).run(agentId);
  sqlite.close();
  const room = (await (await artist.call("PUT", `/api/chat/rooms/with/${agentId}`)).json()) as {
    roomId: string;
  };

  const everAcked = new Set<string>();
  let unacked: Outgoing[] = [];
  for (let kill = 0; kill <= KILLS; kill++) {
    if (kill > 0) server = await startServer(env, port);
    artist.base = server.url;
    const socket = await artist.socket();
    const queue = [...unacked];
    const { acked, done } = burst(socket, room.roomId, queue, `k${kill}`);
    if (kill < KILLS) {
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

  const db = new SQLite(path.join(dataDir, "portal.sqlite"), { readonly: true });
  const rows = db
    .prepare(`select id, seq from message where roomId = ? order by seq`)
    .all(room.roomId) as { id: string; seq: number }[];
  db.close();
  const stored = rows.map((r) => r.id);
  const lost = [...everAcked].filter((id) => !stored.includes(id));
  const doubled = stored.length - new Set(stored).size;
  console.log(
    `${KILLS} kills: ${everAcked.size} acknowledged, ${rows.length} stored, ` +
      `${lost.length} lost, ${doubled} duplicated`,
  );
  expect(everAcked.size).toBeGreaterThan(KILLS);
  expect(lost).toEqual([]);
  expect(doubled).toBe(0);
  expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
}, 600_000);
