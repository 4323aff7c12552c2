/** Every sentence of the release review (issue 40); the server and the web use the same. */
import { releaseStateLabel } from "./release-constants";
import { STORE_LINK_EXAMPLES, type ReleaseStore } from "./release-review";

export const releaseReviewMessages = {
  // Inputs.
  itemsRequired: "Add at least one item to fix.",
  tooManyItems: "A request can hold at most 20 items.",
  reasonRequired: "Choose what to fix.",
  noteRequired: "Describe what to change.",
  noteTooLong: "The note must be at most 500 characters.",
  rejectReasonRequired: "Choose why the release is rejected.",
  rejectNoteRequired: "Describe why the release is rejected.",
  deliveriesRequired: "Choose at least one store to save.",
  unknownStore: "Choose a store from the list.",
  unknownDeliveryState: "Choose Pending, Delivered, Live or Error.",
  duplicateStore: "Each store can be saved once at a time.",
  liveNeedsLink: (store: string) => `Enter the release's address on ${store} to mark it Live.`,
  notStoreLink: (store: ReleaseStore) =>
    `Enter the ${store} link, like ${STORE_LINK_EXAMPLES[store]}`,
  errorNeedsNote: (store: string) => `Describe the error at ${store}.`,
  notLiveNeedsReason: (store: string) => `Say why the release is no longer live on ${store}.`,
  unknownView: "Choose one of the listed views.",
  // Access.
  songNotFound: "Song not found.",
  // Refused transitions (409).
  cannotStartReview: (state: string) =>
    `Only a submitted release can be taken into review; this one is ${releaseStateLabel(state)}.`,
  cannotRequestChanges: (state: string) =>
    `Changes can be requested only on a release in review; this one is ${releaseStateLabel(state)}.`,
  cannotApprove: (state: string) =>
    `Only a release in review can be approved; this one is ${releaseStateLabel(state)}.`,
  cannotReject: (state: string) =>
    `Only a submitted release, one in review or one waiting for changes can be rejected; this one is ${releaseStateLabel(state)}.`,
  cannotResubmit: (state: string) =>
    `Only a draft or a release with changes requested can be submitted; this one is ${releaseStateLabel(state)}.`,
  storesNeedApproval: (state: string) =>
    `Stores can be updated only once the release is approved; this one is ${releaseStateLabel(state)}.`,
  // Stale versions (409): the last step by someone else.
  alreadyStarted: (name: string) => `${name} already started reviewing this release.`,
  alreadyRequestedChanges: (name: string) => `${name} already requested changes on this release.`,
  alreadyApproved: (name: string) => `${name} already approved this release.`,
  alreadyRejected: (name: string) => `${name} already rejected this release.`,
  alreadyUpdatedStores: (name: string) => `${name} already updated the stores of this release.`,
  artistChanged: "The artist changed this release; reload to see it.",
  // Codes.
  isrcExhausted:
    "No ISRC is left for this year under the label's prefix. Ask an administrator to set a new ISRC_PREFIX.",
  upcExhausted:
    "No UPC is left under the label's GS1 prefix. Ask an administrator to set a new UPC_PREFIX.",
  // Mails.
  changesRequestedSubject: (title: string) => `Changes needed on your release “${title}”`,
  approvedSubject: (title: string) => `Your release “${title}” is approved`,
  liveSubject: (title: string) => `Your release “${title}” is live`,
  rejectedSubject: (title: string) => `Your release “${title}” was not accepted`,
} as const;
