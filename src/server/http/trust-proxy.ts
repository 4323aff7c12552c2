import { isIP } from "node:net";
import { z } from "zod";

/**
 * Which proxies may name the client's address in X-Forwarded-For. Fastify's
 * `trustProxy` takes the same shapes: false (the socket's address), a hop
 * count, or the proxies' addresses and CIDR ranges. Trusting every hop
 * (`true`) would let any client pick its address, and with it its rate
 * limit bucket, so it is not offered.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for private ranges, accepted in the list. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

export const TRUST_PROXY_HELP =
  "must be empty or false (no proxy), a hop count (e.g. 1), or a comma list of proxy addresses or CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1)";

/** The TRUST_PROXY variable: off by default. */
export const trustProxySchema = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const value = (raw ?? "").trim();
    if (value === "" || value === "false" || value === "0") return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 32) return hops;
    } else {
      const list = value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      if (list.length > 0 && list.every(isAddressOrRange)) return list;
    }
    ctx.addIssue({ code: "custom", message: TRUST_PROXY_HELP });
    return z.NEVER;
  });

/**
 * Fastify's `trustProxy` option for the setting. Fastify refuses a bare hop
 * count (it cannot tell a proxy from a client that connects directly), so a
 * count becomes the trust function it stands for: the nearest `hops`
 * addresses are proxies. That is only safe when the port is reachable
 * through the proxy alone (docs/deploy.md).
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== "number") return setting;
  const hops = setting;
  return (_address, hop) => hop < hops;
}
