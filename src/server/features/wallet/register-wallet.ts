import type { FastifyInstance } from "fastify";
import walletPlugin from "./routes";
import { WalletService } from "./wallet-service";

/**
 * The wallet as the app wires it: where the database tells of every ledger
 * change whichever process makes it (PostgreSQL's notices), the wallet
 * follows them and keeps summaries while they are heard (decision 116).
 */
export async function registerWallet(app: FastifyInstance): Promise<void> {
  const { database, ledgerNotices } = app.ctx;
  const wallet = new WalletService({
    db: database.db,
    ...(ledgerNotices ? { ledgerNotices } : {}),
  });
  if (ledgerNotices) {
    await ledgerNotices.start();
    app.addHook("onClose", () => ledgerNotices.close());
  }
  await app.register(walletPlugin, { wallet });
}
