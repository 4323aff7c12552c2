import net from "node:net";

/**
 * A TCP proxy a test starts in front of Redis, to cut an instance's link
 * (never the machine's Redis itself) or to hold back what one client sends.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly links = new Set<{ client: net.Socket; upstream: net.Socket }>();
  /** While set, client chunks containing this text (and later ones on that link) are held back. */
  private holdMatching: string | null = null;
  private readonly held = new Map<net.Socket, Buffer[]>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = 0): Promise<number> {
    const server = net.createServer((client) => this.link(client));
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    this.server = server;
    this.port = (server.address() as net.AddressInfo).port;
    return this.port;
  }

  /** The outage: every link drops and new ones are refused until restore(). */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const { client, upstream } of this.links) {
      client.destroy();
      upstream.destroy();
    }
    this.links.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async restore(): Promise<void> {
    await this.start(this.port);
  }

  /** Holds back a link's bytes from the chunk that contains `text` (any case) on. */
  hold(text: string): void {
    this.holdMatching = text.toLowerCase();
  }

  /** Sends what was held and stops holding. */
  release(): void {
    this.holdMatching = null;
    for (const [upstream, chunks] of this.held) for (const chunk of chunks) upstream.write(chunk);
    this.held.clear();
  }

  /** Drops what was held (its sender died before it reached Redis). */
  discard(): void {
    this.holdMatching = null;
    this.held.clear();
  }

  async close(): Promise<void> {
    await this.cut();
  }

  private link(client: net.Socket): void {
    const upstream = net.connect(this.targetPort, this.targetHost);
    const pair = { client, upstream };
    this.links.add(pair);
    const end = () => {
      this.links.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
    upstream.on("data", (chunk: Buffer) => client.write(chunk));
    client.on("data", (chunk: Buffer) => {
      const held = this.held.get(upstream);
      if (held) return void held.push(chunk);
      const text = this.holdMatching && chunk.toString("latin1").toLowerCase();
      if (text && this.holdMatching && text.includes(this.holdMatching)) {
        this.held.set(upstream, [chunk]);
        return;
      }
      upstream.write(chunk);
    });
  }
}
