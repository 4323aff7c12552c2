import type { FastifyInstance, FastifyPluginCallback } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { HttpError } from "../../http/errors";
import { perIpLimit } from "../../limits/request-limit";
import {
  UNSUBSCRIBED_MESSAGE,
  UNSUBSCRIBE_LINK_INVALID_MESSAGE,
  mailPreferencesSchema,
  mailPreferencesUpdateSchema,
  unsubscribeBodySchema,
  unsubscribeQuerySchema,
} from "../../../shared/mail-preferences";
import { errorResponses, okMessageSchema } from "../../../shared/responses/common";
import type { MailPreferenceService } from "./mail-preferences";
import type { UnsubscribeTokens } from "./unsubscribe-token";
import { noQuerySchema } from "../../../shared/no-input";
const tags = ["mail"];

/** Settings' mail switch, and the signed-out one-click unsubscribe (RFC 8058). */
export async function registerMailPreferenceRoutes(
  app: FastifyInstance,
  preferences: MailPreferenceService,
  tokens: UnsubscribeTokens,
  perIpPerMinute: number,
): Promise<void> {
  registerSettingsRoutes(app, preferences);
  // Mail clients post "List-Unsubscribe=One-Click" as a form; only this route reads forms.
  await app.register(unsubscribeRoute(preferences, tokens, perIpPerMinute));
}

/** The signed-in user's mail switches, read and saved. */
function registerSettingsRoutes(parent: FastifyInstance, service: MailPreferenceService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;

  const preferences = {
    tags,
    response: { 200: mailPreferencesSchema, ...errorResponses },
  };
  app.get(
    "/api/mail/preferences",
    {
      schema: {
        ...preferences,
        querystring: noQuerySchema,
        summary: "The signed-in user's mail settings",
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      reply.header("cache-control", "no-store");
      return service.read(user.id);
    },
  );

  app.put(
    "/api/mail/preferences",
    {
      schema: {
        ...preferences,
        body: mailPreferencesUpdateSchema,
        summary: "Turn unread-message or song-status emails on or off",
      },
    },
    async (request) => {
      const { user } = await sessions.require(request);
      return service.save(user.id, request.body);
    },
  );
}

/** The one-click unsubscribe, in its own scope: the only route that reads forms. */
function unsubscribeRoute(
  service: MailPreferenceService,
  tokens: UnsubscribeTokens,
  perIpPerMinute: number,
): FastifyPluginCallback {
  return (parentScope, _options, done) => {
    const scope = parentScope.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post(
      "/api/mail/unsubscribe",
      {
        // Mail providers post from their own servers: the signed token is the proof.
        config: { crossSiteAllowed: true },
        onRequest: perIpLimit("unsubscribe", perIpPerMinute, scope.ctx.redis),
        schema: {
          tags,
          summary: "One-click unsubscribe from unread-message emails (signed token, RFC 8058)",
          querystring: unsubscribeQuerySchema,
          body: unsubscribeBodySchema,
          response: { 200: okMessageSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { token } = request.query;
        const userId = tokens.verify(token);
        const invalid = new HttpError(
          400,
          UNSUBSCRIBE_LINK_INVALID_MESSAGE,
          undefined,
          "INVALID_TOKEN",
        );
        if (!userId) throw invalid;
        if (!(await service.unsubscribe(userId))) throw invalid;
        request.log.info({ userId }, "unsubscribed from unread notices");
        return { ok: true as const, message: UNSUBSCRIBED_MESSAGE };
      },
    );
    done();
  };
}
