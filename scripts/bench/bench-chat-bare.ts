/**
 * The bare server bench-chat compares the app with (issue 24): Socket.IO and
 * better-sqlite3 and nothing else. Same durability as the app (WAL,
 * synchronous=FULL), each event-loop turn's messages committed in one
 * transaction, every ack sent after that commit, each message emitted once
 * to its room's two users. No sessions, validation, limits or events: it is
 * what any chat server on this machine pays. Speaks the app's socket
 * protocol, so the same generator and counter drive both.
 *
 * Run by bench-chat.ts as a child process (`--bare`); it answers "ready"
 * with its pairs and "rss"/"stop" like the app's server child.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Server } from "socket.io";

interface BareData {
  userId: string;
}

interface Incoming {
  id: string;
  roomId: string;
  text: string;
}
type Ack = (answer: unknown) => void;
const AGENTS_HEAR_ALL = process.env.BARE_AGENTS === "1";

export async function runBareServer(pairs: number, origin: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-chat-bare-"));
  const sqlite = new SQLite(path.join(dataDir, "bare.sqlite"));
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.exec(`create table message (id text primary key, roomId text not null, seq integer not null,
    senderId text not null, text text not null, createdAt integer not null, unique (roomId, seq))`);
  const insert = sqlite.prepare(
    "insert into message (id, roomId, seq, senderId, text, createdAt) values (?, ?, ?, ?, ?, ?)",
  );
  const nextSeq = new Map<string, number>();
  const members = new Map<string, [string, string]>();
  const rooms: { artistCookie: string; agentCookie: string; roomId: string }[] = [];
  for (let i = 0; i < pairs; i++) {
    const roomId = `room${i}`;
    members.set(roomId, [`artist${i}`, `agent${i}`]);
    rooms.push({ artistCookie: `bare=artist${i}`, agentCookie: `bare=agent${i}`, roomId });
  }

  const server = http.createServer();
  const io = new Server<
    Record<string, never>,
    Record<string, never>,
    Record<string, never>,
    BareData
  >(server, { transports: ["websocket"], serveClient: false });
  io.use((socket, next) => {
    const userId = /bare=(\w+)/.exec(socket.request.headers.cookie ?? "")?.[1];
    if (!userId || socket.request.headers.origin !== origin) return next(new Error("no"));
    socket.data.userId = userId;
    next();
  });

  // One commit for every message that arrived in this event-loop turn.
  let batch: { row: unknown[]; message: object; to: string[]; ack: Ack }[] = [];
  const commit = sqlite.transaction((rows: unknown[][]) => {
    for (const row of rows) insert.run(...row);
  });
  const flush = () => {
    const done = batch;
    batch = [];
    commit(done.map((b) => b.row));
    for (const b of done) {
      b.ack({ ok: true, message: b.message });
      io.to(AGENTS_HEAR_ALL ? [...b.to, "agents"] : b.to).emit("message:new", b.message);
    }
  };
  io.on("connection", (socket) => {
    const { userId } = socket.data;
    void socket.join(userId);
    // BARE_AGENTS=1: every agent also hears every message, as the app's team desk does.
    if (AGENTS_HEAR_ALL && userId.startsWith("agent")) void socket.join("agents");
    socket.on("message:send", (input: Incoming, ack: Ack) => {
      const pair = members.get(input.roomId);
      if (!pair || !pair.includes(userId)) return ack({ ok: false, error: "not a member" });
      const seq = (nextSeq.get(input.roomId) ?? 0) + 1;
      nextSeq.set(input.roomId, seq);
      const createdAt = Date.now();
      const message = { ...input, seq, userId, createdAt };
      if (batch.length === 0) setImmediate(flush);
      batch.push({
        row: [input.id, input.roomId, seq, userId, input.text, createdAt],
        message,
        to: pair,
        ack,
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  process.on("message", (msg: { type: string }) => {
    if (msg.type === "rss") {
      globalThis.gc?.();
      const usage = process.memoryUsage();
      process.send!({ type: "rss", rss: usage.rss, heap: usage.heapUsed });
    }
    if (msg.type === "stop") {
      io.local.disconnectSockets(true);
      void io.close(() => {
        sqlite.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
    }
  });
  process.send!({ type: "ready", port, pairs: rooms });
}
