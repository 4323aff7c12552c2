/**
 * A stand-in for socket.io-client's socket in unit tests (vi.mock("socket.io-client")):
 * the server side is played by `serverEmit`, `fire` plays the socket's own events.
 */
export class FakeSocket {
  connected = false;
  active = false;
  /** The manager's engine, for what reads its transport (whether a volatile emit would go). */
  readonly io = { engine: { transport: { writable: true } } };
  readonly sent: {
    event: string;
    payload: unknown;
    ack?: (answer: unknown) => void;
    /** emitWithAck only: the socket gave up (its retries ran out). */
    fail?: (error: Error) => void;
  }[] = [];
  private readonly handlers = new Map<string, Set<(...args: unknown[]) => void>>();

  on(event: string, handler: (...args: unknown[]) => void) {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler);
    this.handlers.set(event, set);
    return this;
  }
  off(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  /** The socket's own events (connect, disconnect) and the server's. */
  fire(event: string, ...args: unknown[]) {
    if (event === "connect") this.connected = true;
    if (event === "disconnect") this.connected = false;
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  serverEmit(event: string, payload: unknown) {
    this.fire(event, payload);
  }
  /** Like the real socket with `retries`: an ack callback gets (error, answer). */
  emit(event: string, payload: unknown, ack?: (error: Error | null, answer?: unknown) => void) {
    this.sent.push({ event, payload, ...(ack ? { ack: (answer) => ack(null, answer) } : {}) });
    return this;
  }
  get volatile() {
    return this;
  }
  /** Pending until the test answers through the sent entry's `ack`. */
  emitWithAck = (event: string, payload: unknown): Promise<unknown> =>
    new Promise((resolve, reject) => {
      this.sent.push({ event, payload, ack: resolve, fail: reject });
    });
  connect() {
    this.active = true;
    return this;
  }
  disconnect() {
    this.active = false;
    this.connected = false;
    return this;
  }
}
