import {
  PICTURE_CANCELED_MESSAGE,
  PICTURE_FAILED_MESSAGE,
  PICTURE_NOT_SAVED_MESSAGE,
  PICTURE_START_FAILED_MESSAGE,
  PICTURE_UNAUTHORIZED_MESSAGE,
  PICTURE_UNKNOWN_MESSAGE,
} from "../../../shared/profile-messages";
import { UploadError } from "../../lib/upload";
import { PictureNotSavedError } from "./api/upload-profile-picture";

/** The catalogue's text for each way a picture upload can fail (spec, section 8). */
export function pictureUploadFailureMessage(error: Error): string {
  if (error instanceof PictureNotSavedError) return PICTURE_NOT_SAVED_MESSAGE;
  if (!(error instanceof UploadError)) return PICTURE_UNKNOWN_MESSAGE;
  if (error.reason === "unauthorized") return PICTURE_UNAUTHORIZED_MESSAGE;
  if (error.reason === "canceled") return PICTURE_CANCELED_MESSAGE;
  if (error.reason === "unknown") return PICTURE_UNKNOWN_MESSAGE;
  // The server says which limit (uploads per minute, storage space): that helps more.
  if (error.reason === "limited") return error.message;
  // Refused or cut off before the upload existed: it never started.
  if (error.atStart) return PICTURE_START_FAILED_MESSAGE;
  return PICTURE_FAILED_MESSAGE;
}
