import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../../db/database";
import statementsPlugin from "./routes";
import { StatementService } from "./statement-service";

/**
 * Store statements (issue 46) as the app wires them: one service, which the
 * upload purpose turns files into statements with and the routes call.
 * Jobs a killed process left run again once the app is ready; closing waits
 * for the running ones (each posting is one transaction, so a kill instead
 * leaves all or nothing).
 */
export function createStatements(app: FastifyInstance, database: DatabaseHandle) {
  const { config, events, storage } = app.ctx;
  const service = new StatementService({
    database,
    events,
    log: app.log,
    storage,
    defaultRoyaltyBasisPoints: config.statements.defaultRoyaltyBasisPoints,
    maxTextBytes: config.statements.maxBytes,
  });
  return {
    service,
    uploads: { service, maxBytes: config.statements.maxBytes },
    async register() {
      app.addHook("onReady", async () => {
        await service.resumeJobs();
      });
      app.addHook("onClose", async () => {
        await service.idle();
      });
      await app.register(statementsPlugin, { statements: service });
    },
  };
}
