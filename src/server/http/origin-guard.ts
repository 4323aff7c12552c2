import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { WRONG_ADDRESS_CODE, wrongAddressMessage } from "../../shared/auth-messages";
import { HttpError } from "./errors";
import { addRouteHook, routeTakesWrites } from "./route-hooks";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route may be called from anywhere: it changes state only with a
     * signed token in its URL (the one-click unsubscribe a mail provider
     * posts, RFC 8058), never with the session cookie alone.
     */
    crossSiteAllowed?: boolean;
  }
}

export const MISSING_ORIGIN_MESSAGE =
  "Refused: this request has no Origin header. Changes can only be made from the portal's own pages.";
export const FOREIGN_ORIGIN_MESSAGE =
  "Refused: this request comes from another site. Changes can only be made from the portal's own pages.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The page was served by this very server, under another address than
 * PUBLIC_URL (127.0.0.1 for localhost, an IP for the host name): the Origin
 * names the Host the request came in on. A person can fix that by opening
 * the configured address, so they are told so.
 */
function isWrongAddress(request: FastifyRequest, origin: string): boolean {
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * Cross-site request forgery: a browser sends the session cookie (SameSite
 * Lax still lets a sibling origin through) with any page's request, and
 * always says where the request comes from in Origin on POST, PUT, PATCH
 * and DELETE. Every such request must name PUBLIC_URL; a missing Origin is
 * refused too, so body-less writes (mark read, tus) are covered alike.
 * Sockets check the same origin at the handshake (realtime/socket-server.ts).
 * Each refusal is logged once, here, naming both addresses; better-auth never
 * sees the request, so it adds no second line of its own.
 */
export function registerOriginGuard(app: FastifyInstance, publicUrl: string): void {
  const guarded = (route: RouteOptions) =>
    routeTakesWrites(route) && !route.config?.crossSiteAllowed;
  addRouteHook(app, "onRequest", guarded, (request, _reply, done) => {
    // An `all` route's reads pass.
    if (SAFE_METHODS.has(request.method)) {
      done();
      return;
    }
    const { origin } = request.headers;
    if (origin === publicUrl) {
      done();
      return;
    }
    const wrongAddress = origin !== undefined && isWrongAddress(request, origin);
    request.log.warn(
      { origin: origin ?? null, publicUrl, url: request.url },
      wrongAddress
        ? `refused: the page was opened at ${origin}, but PUBLIC_URL is ${publicUrl}`
        : `refused: Origin ${origin ?? "(none)"} is not PUBLIC_URL ${publicUrl}`,
    );
    done(
      new HttpError(
        403,
        wrongAddress
          ? wrongAddressMessage(publicUrl)
          : origin
            ? FOREIGN_ORIGIN_MESSAGE
            : MISSING_ORIGIN_MESSAGE,
        undefined,
        wrongAddress ? WRONG_ADDRESS_CODE : "FORBIDDEN_ORIGIN",
      ),
    );
  });
}
