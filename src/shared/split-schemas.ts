import { z } from "zod";
import { emailSchema } from "./auth-schemas";
import { basisPointsOrNull } from "./basis-points";
import { splitMessages as m } from "./split-messages";

/** Up to 20 collaborators per track (issue 47). */
export const SPLIT_MAX_COLLABORATORS = 20;
/** 100 % in basis points. */
export const SPLIT_WHOLE_BASIS_POINTS = 10_000;

/** invited → accepted | declined | expired; removed when the artist took the row out. */
export const SPLIT_SHARE_STATES = [
  "invited",
  "accepted",
  "declined",
  "expired",
  "removed",
] as const;
export type SplitShareState = (typeof SPLIT_SHARE_STATES)[number];

/** A share as typed: "40", "12.5", "0.01"; above 0, at most 100, at most 2 decimals. */
export const sharePercentSchema = z
  .string({ error: m.share })
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, m.share)
  .refine((v) => (basisPointsOrNull(v) ?? 1) > 0, m.share)
  .refine((v) => (basisPointsOrNull(v) ?? 0) <= SPLIT_WHOLE_BASIS_POINTS, m.sharesOver100);

export const splitCollaboratorInputSchema = z.strictObject({
  email: emailSchema,
  share: sharePercentSchema,
});

/**
 * PUT /api/releases/:releaseId/tracks/:trackId/splits: the whole list, as
 * the form shows it. Collaborators left out are removed; an email not yet
 * live on the track is invited (and mailed); a listed one keeps its state
 * with the share given.
 */
export const splitsInputSchema = z
  .strictObject({
    collaborators: z
      .array(splitCollaboratorInputSchema)
      .max(SPLIT_MAX_COLLABORATORS, m.tooMany(SPLIT_MAX_COLLABORATORS)),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    let total = 0;
    input.collaborators.forEach((c, i) => {
      if (seen.has(c.email)) {
        ctx.addIssue({
          code: "custom",
          message: m.duplicate(c.email),
          path: ["collaborators", i, "email"],
        });
      }
      seen.add(c.email);
      total += basisPointsOrNull(c.share) ?? 0;
    });
    if (total > SPLIT_WHOLE_BASIS_POINTS) {
      ctx.addIssue({ code: "custom", message: m.sharesOver100, path: ["collaborators"] });
    }
  });
export type SplitsInput = z.infer<typeof splitsInputSchema>;

export const trackSplitParamsSchema = z.strictObject({
  releaseId: z.uuid({ error: m.trackNotFound }),
  trackId: z.uuid({ error: m.trackNotFound }),
});

export const splitShareParamsSchema = z.strictObject({
  shareId: z.uuid({ error: m.notFound }),
});

/** The invitation link's token: 43 url-safe base64 characters (32 random bytes). */
export const splitInviteTokenParamsSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, m.notFound),
});

/** The web page an invitation mail links to, and where an answer is given. */
export const splitInvitePath = (token: string) => `/splits/invite/${token}`;
export const WALLET_SPLITS_PATH = "/wallet/splits";
