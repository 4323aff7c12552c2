import type { LinkProvider } from "./links";

/** Texts of the spec's error catalogue for the artist profile screen. */
export const PROFILE_LOAD_FAILED_MESSAGE = "Failed to load artist profile data";
export const ARTIST_NAME_SAVED_MESSAGE = "Artist name saved successfully!";
export const ARTIST_NAME_SAVE_FAILED_MESSAGE = "Failed to save artist name";
export const BIO_SAVED_MESSAGE = "Bio saved successfully!";
export const BIO_SAVE_FAILED_MESSAGE = "Failed to save bio";

export const linkSavedMessage = (provider: LinkProvider) => `${provider} link saved successfully!`;
export const linkSaveFailedMessage = (provider: LinkProvider) => `Failed to save ${provider} link`;

export const PICTURE_INVALID_TYPE_MESSAGE = "Please select a valid image file";
export const PICTURE_TOO_LARGE_MESSAGE = "Image size must be less than 5MB";
export const PICTURE_HINT = "JPG, PNG, GIF up to 5MB";
export const PICTURE_UNAUTHORIZED_MESSAGE = "You don't have permission to upload files";
export const PICTURE_CANCELED_MESSAGE = "Upload was canceled";
export const PICTURE_UNKNOWN_MESSAGE = "An unknown error occurred during upload";
export const PICTURE_FAILED_MESSAGE = "Failed to upload image";
export const PICTURE_NOT_SAVED_MESSAGE = "Image uploaded but failed to save to profile";
export const PICTURE_START_FAILED_MESSAGE = "Failed to start image upload";
export const PICTURE_SAVED_MESSAGE = "Profile picture uploaded successfully!";
