import { spawn, type ChildProcess } from "node:child_process";
import { io, type Socket } from "socket.io-client";
import type { SendAck } from "../../shared/chat-events";
import type { ClientToServerEvents, ServerToClientEvents } from "../../shared/socket-events";
import getPort from "get-port";

/** A socket typed by the portal's one contract (src/shared/socket-events.ts). */
export type PortalSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A real server process (src/server/main.ts), as the fault tests drive it. */
export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
}

/**
 * Starts main.ts with `env` and waits until it answers liveness, or
 * readiness (every engine reached) with `until: "ready"`.
 */
export async function startServer(
  env: NodeJS.ProcessEnv,
  port?: number,
  timeoutMs = 60_000,
  until: "live" | "ready" = "live",
): Promise<ServerProcess> {
  const chosen = port ?? (await getPort());
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      LOG_LEVEL: "error",
      ...env,
      PORT: String(chosen),
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${chosen}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health/${until}`)).ok)
        return { url, port: chosen, child, exited };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("server did not start");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A browser-like client: the session cookie and the portal's origin on every call. */
export class PortalClient {
  cookie = "";
  constructor(
    public base: string,
    readonly origin: string,
  ) {}

  async call(method: string, url: string, body?: unknown): Promise<Response> {
    const response = await fetch(this.base + url, {
      method,
      headers: {
        origin: this.origin,
        cookie: this.cookie,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) this.cookie = cookies.map((c) => c.split(";")[0]).join("; ");
    return response;
  }

  async signUp(name: string, email: string): Promise<string> {
    const response = await this.call("POST", "/api/auth/sign-up/email", {
      name,
      email,
      password: "Str0ng-pass!",
      consent: true,
    });
    if (response.status !== 200) throw new Error(`sign-up answered ${response.status}`);
    const me = (await (await this.call("GET", "/api/me")).json()) as { id: string };
    return me.id;
  }

  /** A connected socket (no automatic reconnection: the tests decide). */
  async socket(base = this.base): Promise<PortalSocket> {
    const socket: PortalSocket = io(base, {
      transports: ["websocket"],
      extraHeaders: { origin: this.origin, cookie: this.cookie },
      forceNew: true,
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    return socket;
  }
}

export const sendMessage = (
  socket: PortalSocket,
  payload: Parameters<ClientToServerEvents["message:send"]>[0],
  timeoutMs = 5000,
): Promise<SendAck> => socket.timeout(timeoutMs).emitWithAck("message:send", payload);
