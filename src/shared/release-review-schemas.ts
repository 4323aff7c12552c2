import { z } from "zod";
import { plainString } from "./plain-text";
import {
  CHANGE_REASONS,
  DELIVERY_STATES,
  DESK_RELEASE_VIEWS,
  RELEASE_STORES,
  isStoreLink,
} from "./release-review";
import { releaseReviewMessages as m } from "./release-review-messages";
import { multiLineText, oneLineText } from "./text-rules";
import { releaseVersionField } from "./release-schemas";
import { REJECTION_REASONS } from "./song-rejection";

/** What an agent sends about a release's review (issue 40); every body is checked here. */

const NOTE_MAX = 500;

const versionField = releaseVersionField;

export const startReviewSchema = z.object({ version: versionField });
export type StartReviewInput = z.input<typeof startReviewSchema>;

export const changeRequestItemSchema = z.object({
  reason: z.enum(CHANGE_REASONS, { error: m.reasonRequired }),
  // The dialog's note may run over lines; nothing else invisible.
  note: multiLineText("The note", { error: m.noteRequired })
    .min(1, m.noteRequired)
    .max(NOTE_MAX, m.noteTooLong),
});

export const requestChangesSchema = z.object({
  version: versionField,
  items: z
    .array(changeRequestItemSchema, { error: m.itemsRequired })
    .min(1, m.itemsRequired)
    .max(20, m.tooManyItems),
});
export type RequestChangesInput = z.input<typeof requestChangesSchema>;

export const approveSchema = z.object({ version: versionField });
export type ApproveInput = z.input<typeof approveSchema>;

export const rejectReleaseSchema = z
  .object({
    version: versionField,
    reason: z.enum(REJECTION_REASONS, { error: m.rejectReasonRequired }),
    note: multiLineText("The note").max(NOTE_MAX, m.noteTooLong).default(""),
  })
  // As the song desk: "Other" says nothing without a note.
  .refine((value) => value.reason !== "other" || value.note !== "", {
    message: m.rejectNoteRequired,
    path: ["note"],
  });
export type RejectReleaseInput = z.input<typeof rejectReleaseSchema>;

export const storeDeliverySchema = z
  .object({
    store: z.enum(RELEASE_STORES, { error: m.unknownStore }),
    state: z.enum(DELIVERY_STATES, { error: m.unknownDeliveryState }),
    link: plainString().trim().max(2048).default(""),
    // One line beside the store (an error, or why it is no longer Live).
    note: oneLineText("The store's note").max(NOTE_MAX, m.noteTooLong).default(""),
  })
  .superRefine((value, ctx) => {
    if (value.state === "Live" && value.link === "") {
      ctx.addIssue({ code: "custom", path: ["link"], message: m.liveNeedsLink(value.store) });
    } else if (value.link !== "" && !isStoreLink(value.store, value.link)) {
      ctx.addIssue({ code: "custom", path: ["link"], message: m.notStoreLink(value.store) });
    }
    if (value.state === "Error" && value.note === "") {
      ctx.addIssue({ code: "custom", path: ["note"], message: m.errorNeedsNote(value.store) });
    }
  });
export type StoreDeliveryInput = z.input<typeof storeDeliverySchema>;

export const storeDeliveriesSchema = z.object({
  /** The release's version the rows were edited on: another agent's save meanwhile is a 409. */
  version: versionField,
  deliveries: z
    .array(storeDeliverySchema, { error: m.deliveriesRequired })
    .min(1, m.deliveriesRequired)
    .max(RELEASE_STORES.length, m.duplicateStore)
    .refine((rows) => new Set(rows.map((row) => row.store)).size === rows.length, m.duplicateStore),
});
export type StoreDeliveriesInput = z.input<typeof storeDeliveriesSchema>;

/** The query of GET /api/desk/releases. */
export const deskReleaseQuerySchema = z.object({
  view: z.enum(DESK_RELEASE_VIEWS, { error: m.unknownView }).default("submitted"),
  q: plainString().trim().max(200).default(""),
});
export type DeskReleaseQuery = z.output<typeof deskReleaseQuerySchema>;
