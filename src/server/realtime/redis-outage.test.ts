/**
 * Two instances, each reaching Redis through a TCP proxy this test starts
 * (the machine's Redis is never touched): a Redis outage must not leave
 * acknowledged messages undelivered (issue 20, #4), and a message acknowledged
 * just before its instance dies must already be on its way (#6).
 * Skipped, with the reason, where PostgreSQL or Redis is not reachable.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../shared/chat";
import type { SendAck } from "../../shared/chat-events";
import { skipUnlessAvailable } from "../test/engines-available";
import { promoteToAgents, proxiedInstances } from "../test/proxied-instances";
import { PortalClient, type PortalSocket } from "../test/server-process";

const PUBLIC_URL = "http://localhost:4398";
const pair = proxiedInstances("outage", PUBLIC_URL);

const signUp = (c: PortalClient, name: string) =>
  c.signUp(name, `${name.toLowerCase().replaceAll(" ", "-")}-${randomUUID()}@example.test`);

/** The agent's side as the web client keeps it: live messages, and the resync rule on "sync:required". */
function agentView(agent: PortalClient, socket: PortalSocket, roomId: string) {
  const live: ChatMessage[] = [];
  const held = new Map<number, ChatMessage>();
  socket.on("message:new", (m) => {
    live.push(m);
    held.set(m.seq, m);
  });
  socket.on("sync:required", () => {
    // After the last seq held without a gap, as the web client's thread does.
    let after = 0;
    while (held.has(after + 1)) after += 1;
    void agent
      .call("GET", `/api/chat/rooms/${roomId}/messages?after=${after}`)
      .then((r) => r.json() as Promise<ChatMessage[]>)
      .then((missed) => missed.forEach((m) => held.set(m.seq, m)));
  });
  return { live, texts: () => [...held.values()].map((m) => m.text) };
}

describe("Redis between two instances", () => {
  let artist: PortalClient;
  let agent: PortalClient;
  let roomId = "";
  let artistSocket: PortalSocket;
  let view: ReturnType<typeof agentView>;

  const send = (text: string): Promise<SendAck> =>
    artistSocket.timeout(10_000).emitWithAck("message:send", { id: randomUUID(), roomId, text });

  it("delivers what was acknowledged during an outage within 5 s of Redis returning", async (ctx) => {
    skipUnlessAvailable(ctx, pair.skipReason);
    artist = new PortalClient(pair.a.url, PUBLIC_URL);
    agent = new PortalClient(pair.b.url, PUBLIC_URL);
    await signUp(artist, "Outage Artist");
    const agentId = await signUp(agent, "Outage Agent");
    await promoteToAgents(pair.databaseUrl, [agentId]);
    roomId = (
      (await (await artist.call("PUT", `/api/chat/rooms/with/${agentId}`)).json()) as {
        roomId: string;
      }
    ).roomId;
    artistSocket = await artist.socket();
    const agentSocket = await agent.socket();
    view = agentView(agent, agentSocket, roomId);
    expect((await send("before")).ok).toBe(true);
    await expect.poll(() => view.texts()).toContain("before");

    // Both instances lose Redis; the artist keeps writing and every send is acknowledged.
    await Promise.all([pair.proxies.a.cut(), pair.proxies.b.cut()]);
    const during = ["cut 1", "cut 2", "cut 3", "cut 4", "cut 5"];
    for (const text of during) expect((await send(text)).ok).toBe(true);
    // A's link comes back first: its queued publishes go out while B still
    // cannot hear them; then B's.
    await pair.proxies.a.restore();
    await new Promise((r) => setTimeout(r, 1_500));
    await pair.proxies.b.restore();
    await expect
      .poll(() => view.texts(), { timeout: 5_000 })
      .toEqual(expect.arrayContaining(during));
  }, 90_000);

  it("a message acknowledged just before its instance dies still reaches the other side live", async (ctx) => {
    skipUnlessAvailable(ctx, pair.skipReason);
    // Redis is healthy again for both (the test above restored it).
    await expect.poll(async () => (await send("warm up")).ok, { timeout: 10_000 }).toBe(true);
    await expect.poll(() => view.texts()).toContain("warm up");
    // A's publishes are held back on their way to Redis, as on a slow link.
    pair.proxies.a.hold("publish");
    const acked = send("last words");
    const early = await Promise.race([
      acked.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), 700)),
    ]);
    if (early) {
      // Acknowledged before Redis had it: A dies now and its publish with it.
      pair.a.child.kill("SIGKILL");
      pair.proxies.a.discard();
    } else {
      // Not acknowledged while held: let it through, then A dies right after its ack.
      pair.proxies.a.release();
      expect((await acked).ok).toBe(true);
      pair.a.child.kill("SIGKILL");
    }
    await expect
      .poll(() => view.live.map((m) => m.text), { timeout: 5_000 })
      .toContain("last words");
  }, 60_000);
});
