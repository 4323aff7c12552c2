/**
 * Socket.IO's default parser against the msgpack one, for a chat message
 * (not a test; issue 24 asked whether msgpack pays). Per message the server
 * decodes the send and encodes its ack and its delivery; this times exactly
 * that, on one core, with process.cpuUsage, and counts the bytes.
 *
 * The msgpack parser is not a dependency (it did not pay), so install it
 * without saving first:
 *   npm i --no-save socket.io-msgpack-parser && node scripts/bench/bench-socket-parser.mjs
 */
import * as json from "socket.io-parser";

const msgpack = await import("socket.io-msgpack-parser").catch(() => {
  console.error("First: npm i --no-save socket.io-msgpack-parser");
  process.exit(1);
});

/** A message as the chat stores and sends it (src/shared/chat.ts). */
const message = {
  id: "0b9d2a4e-8c1f-4d3e-9a57-2f1c6f0e8a11",
  roomId: "u_5f3a9c2e1b7d4a60-u_9e8d7c6b5a4f3e21",
  seq: 4211,
  userId: "u_5f3a9c2e1b7d4a60",
  senderName: "Nova Sound",
  text: "Hello, my release for next Friday is still not showing the artwork, could you check the ISRC?",
  createdAt: 1764160000000,
  status: "sent",
  from_msg_num: 0,
  to_msg_num: 1,
  fileUrl: null,
  fileType: null,
  fileName: null,
  fileSize: null,
  kind: "text",
  songId: null,
  song: null,
  quote: null,
  quoteId: null,
};
const send = {
  type: 2,
  nsp: "/",
  id: 17,
  data: ["message:send", { id: message.id, roomId: message.roomId, text: message.text }],
};
const ack = { type: 3, nsp: "/", id: 17, data: [{ ok: true, message }] };
const delivery = { type: 2, nsp: "/", data: ["message:new", message] };

const size = (chunks) =>
  chunks.reduce((sum, c) => sum + (typeof c === "string" ? Buffer.byteLength(c) : c.byteLength), 0);

function run(parser, n) {
  const encoder = new parser.Encoder();
  const wire = encoder.encode(send);
  let out = 0;
  const before = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const decoder = new parser.Decoder();
    decoder.on("decoded", () => {});
    for (const chunk of wire) decoder.add(chunk);
    out += size(encoder.encode(ack)) + size(encoder.encode(delivery));
  }
  const used = process.cpuUsage(before);
  return { us: (used.user + used.system) / n, in: size(wire), out: out / n };
}

const results = { json: [], msgpack: [] };
for (let round = 1; round <= 3; round++) {
  for (const [name, parser] of [
    ["json", json],
    ["msgpack", msgpack],
  ]) {
    run(parser, 20_000);
    const r = run(parser, 200_000);
    results[name].push(r.us);
    console.log(
      `${round} ${name.padEnd(7)} ${r.us.toFixed(2)} µs per message; ${r.in} B in, ${r.out} B out`,
    );
  }
}
for (const [name, runs] of Object.entries(results)) {
  const sorted = [...runs].sort((a, b) => a - b);
  console.log(
    `${name}: median ${sorted[1].toFixed(2)} µs (${sorted[0].toFixed(2)}–${sorted[2].toFixed(2)})`,
  );
}
