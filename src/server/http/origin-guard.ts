import type { FastifyInstance } from "fastify";
import { HttpError } from "./errors";

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
 * Cross-site request forgery: a browser sends the session cookie (SameSite
 * Lax still lets a sibling origin through) with any page's request, and
 * always says where the request comes from in Origin on POST, PUT, PATCH
 * and DELETE. Every such request must name PUBLIC_URL; a missing Origin is
 * refused too, so body-less writes (mark read, tus) are covered alike.
 * Sockets check the same origin at the handshake (realtime/socket-server.ts).
 */
export function registerOriginGuard(app: FastifyInstance, publicUrl: string): void {
  app.addHook("onRequest", (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.crossSiteAllowed) {
      done();
      return;
    }
    const { origin } = request.headers;
    if (origin === publicUrl) {
      done();
      return;
    }
    done(
      new HttpError(
        403,
        origin ? FOREIGN_ORIGIN_MESSAGE : MISSING_ORIGIN_MESSAGE,
        undefined,
        "FORBIDDEN_ORIGIN",
      ),
    );
  });
}
