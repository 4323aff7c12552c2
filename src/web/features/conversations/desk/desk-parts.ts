/**
 * The agent's side of the chat, in one chunk that only agents load
 * (lazy-desk.tsx): the desk inbox, the conversation's desk controls and
 * artist profile, and the composer's notes and saved replies.
 */
export { ArtistProfile } from "./artist-profile";
export { ArtistProfileButton } from "./artist-profile-button";
export { DeskComposer } from "./desk-composer";
export { DeskControls } from "./desk-controls";
export { DeskInbox, DeskInboxData } from "./desk-inbox";
