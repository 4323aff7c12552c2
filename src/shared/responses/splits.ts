import { z } from "zod";
import { SPLIT_SHARE_STATES } from "../split-schemas";

const paise = z.number().int();

/** One collaborator's row on the artist's Splits section. */
export const splitCollaboratorSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** 1 = 0.01 % */
  shareBasisPoints: z.number().int(),
  /** "40", "12.5": as the Share (%) field shows it. */
  share: z.string(),
  /** invited | accepted (the list shows only live shares). */
  state: z.enum(SPLIT_SHARE_STATES),
  invitedAt: z.number(),
  expiresAt: z.number(),
  answeredAt: z.number().nullable(),
  /** Money held for an invited collaborator (0 once accepted). */
  heldPaise: paise,
  /** `Held for priya@example.com until they accept`; null once accepted. */
  heldLine: z.string().nullable(),
});
export type SplitCollaborator = z.infer<typeof splitCollaboratorSchema>;

/** GET and PUT /api/releases/:releaseId/tracks/:trackId/splits */
export const trackSplitsSchema = z.object({
  releaseId: z.string(),
  trackId: z.string(),
  trackTitle: z.string(),
  collaborators: z.array(splitCollaboratorSchema),
  ownShareBasisPoints: z.number().int(),
  /** `You: 60%` */
  ownShareLine: z.string(),
  /** `Applies to earnings imported from now on.` */
  appliesNote: z.string(),
  /** Emails the save just invited (and mailed); empty on GET. */
  invited: z.array(z.string()),
  maxCollaborators: z.number().int(),
});
export type TrackSplits = z.infer<typeof trackSplitsSchema>;

/** A share as its collaborator sees it (an invitation or one they hold). */
export const mySplitSchema = z.object({
  id: z.string(),
  state: z.enum(SPLIT_SHARE_STATES),
  artistName: z.string(),
  releaseTitle: z.string(),
  trackTitle: z.string(),
  shareBasisPoints: z.number().int(),
  share: z.string(),
  invitedAt: z.number(),
  expiresAt: z.number(),
  answeredAt: z.number().nullable(),
  /** Invited: what is held for them now (moves to their wallet on accept). */
  heldPaise: paise,
  /** Accepted: everything the share credited their wallet, net of reversals. */
  creditedPaise: paise,
});
export type MySplit = z.infer<typeof mySplitSchema>;

/** GET /api/wallet/splits */
export const mySplitsSchema = z.object({
  /** Sent to my email and not answered yet, newest first. */
  invitations: z.array(mySplitSchema),
  /** Shares I accepted and still hold, newest first. */
  shares: z.array(mySplitSchema),
});
export type MySplits = z.infer<typeof mySplitsSchema>;

/** POST /api/wallet/splits/:shareId/accept and /decline */
export const splitAnswerSchema = z.object({
  share: mySplitSchema,
  /** Accept: the held amount moved to my wallet now (0 on a repeat press); decline: 0. */
  movedPaise: paise,
});
export type SplitAnswer = z.infer<typeof splitAnswerSchema>;

/** GET /api/split-invites/:token: public, what the link's page shows before signing in. */
export const splitInvitePreviewSchema = z.object({
  artistName: z.string(),
  releaseTitle: z.string(),
  trackTitle: z.string(),
  share: z.string(),
  shareBasisPoints: z.number().int(),
  /** The invited address, to prefill Sign up / Sign in. */
  email: z.string(),
  state: z.enum(SPLIT_SHARE_STATES),
  expiresAt: z.number(),
  /** Whether an account with that email exists: Sign in, else Create account. */
  hasAccount: z.boolean(),
});
export type SplitInvitePreview = z.infer<typeof splitInvitePreviewSchema>;
