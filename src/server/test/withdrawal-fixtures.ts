import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { postStatementImport, postStatementReversal } from "../features/ledger/ledger-service";
import { ORIGIN, STRONG_PASSWORD } from "./test-app";
import type { TestUser } from "./chat-test-helpers";

/**
 * Money for the withdrawal tests, through the ledger's own postings: an
 * imported statement of one group crediting the artist (postStatementImport),
 * and its reversal (postStatementReversal). No balance is written by hand.
 */
export async function creditArtist(
  app: FastifyInstance,
  artistId: string,
  paise: number,
): Promise<string> {
  const { db } = app.ctx.database;
  const statementId = randomUUID();
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("statement")
      .values({
        id: statementId,
        fileId: null,
        fileName: `credit-${statementId.slice(0, 8)}.csv`,
        fileSha256: statementId,
        state: "imported",
        activeHash: statementId,
        failure: null,
        lineCount: 1,
        matchedCount: 1,
        totalPaise: paise,
        artistsPaise: paise,
        createdBy: artistId,
        createdAt: now,
        importedBy: artistId,
        importedAt: now,
        reversedBy: null,
        reversedAt: null,
      })
      .execute();
    await trx
      .insertInto("statement_group")
      .values({
        statementId,
        code: "INA1B2600001",
        codeKind: "isrc",
        trackId: null,
        releaseId: null,
        artistId,
        store: "Spotify",
        country: "IN",
        saleMonth: "2026-09",
        quantity: 1000,
        lineCount: 1,
        amountPaise: paise,
        artistPaise: paise,
        labelPaise: 0,
        title: null,
        artist: null,
      })
      .execute();
    await postStatementImport(trx, { statementId, by: null, now });
  });
  return statementId;
}

/** The statement's credit taken back (a reversal after the money was withdrawn can go below zero). */
export async function reverseCredit(app: FastifyInstance, statementId: string): Promise<void> {
  const { db } = app.ctx.database;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("statement")
      .set({ state: "reversed", activeHash: null, reversedAt: Date.now() })
      .where("id", "=", statementId)
      .execute();
    await postStatementReversal(trx, { statementId, by: null, now: Date.now() });
  });
}

/** Saves payout details through the API (with the password, as the page does). */
export async function savePayoutDetails(
  app: FastifyInstance,
  user: TestUser,
  details: {
    upiId?: string;
    pan?: string | null;
    bank?: { name: string; account: string; ifsc: string };
  },
): Promise<void> {
  const payload = details.bank
    ? {
        method: "bank",
        accountHolderName: details.bank.name,
        accountNumber: details.bank.account,
        confirmAccountNumber: details.bank.account,
        ifsc: details.bank.ifsc,
        pan: details.pan ?? "",
        password: STRONG_PASSWORD,
      }
    : {
        method: "upi",
        upiId: details.upiId ?? "artist@okaxis",
        pan: details.pan ?? "",
        password: STRONG_PASSWORD,
      };
  const response = await app.inject({
    method: "PUT",
    url: "/api/wallet/payout-details",
    headers: { cookie: user.cookie, origin: ORIGIN },
    payload,
  });
  if (response.statusCode !== 200) throw new Error(`payout details: ${response.body}`);
}
