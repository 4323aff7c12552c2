import { FakeSocket } from "./fake-socket";

/**
 * socket.io-client for unit tests, each socket it opens a FakeSocket kept
 * in `sockets.all` (newest last). In a test file:
 * `vi.mock("socket.io-client", () => import("…/realtime/fake-socket-io"))`.
 */
export const sockets = { all: [] as FakeSocket[] };

export function io(): FakeSocket {
  const socket = new FakeSocket();
  sockets.all.push(socket);
  return socket;
}
