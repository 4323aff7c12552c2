import { describe, expect, it } from "vitest";
import {
  PICTURE_CANCELED_MESSAGE,
  PICTURE_FAILED_MESSAGE,
  PICTURE_NOT_SAVED_MESSAGE,
  PICTURE_START_FAILED_MESSAGE,
  PICTURE_UNAUTHORIZED_MESSAGE,
  PICTURE_UNKNOWN_MESSAGE,
} from "../../../shared/profile-messages";
import { uploadMessages } from "../../../shared/files";
import { UploadError } from "../../lib/upload";
import { PictureNotSavedError } from "./api/upload-profile-picture";
import { pictureUploadFailureMessage } from "./picture-upload-message";

const cases: { name: string; error: Error; expected: string }[] = [
  {
    name: "401 at start",
    error: new UploadError("unauthorized", "401", true),
    expected: PICTURE_UNAUTHORIZED_MESSAGE,
  },
  {
    name: "403 later",
    error: new UploadError("unauthorized", "403", false),
    expected: PICTURE_UNAUTHORIZED_MESSAGE,
  },
  {
    name: "canceled mid-way",
    error: new UploadError("canceled", "x", false),
    expected: PICTURE_CANCELED_MESSAGE,
  },
  {
    name: "canceled at once",
    error: new UploadError("canceled", "x", true),
    expected: PICTURE_CANCELED_MESSAGE,
  },
  {
    name: "unknown 500",
    error: new UploadError("unknown", "500", false),
    expected: PICTURE_UNKNOWN_MESSAGE,
  },
  {
    name: "refused at creation",
    error: new UploadError("rejected", "413", true),
    expected: PICTURE_START_FAILED_MESSAGE,
  },
  {
    name: "a per-user limit at creation",
    error: new UploadError("limited", uploadMessages.tooManyUploads, true),
    expected: uploadMessages.tooManyUploads,
  },
  {
    name: "offline at creation",
    error: new UploadError("network", "offline", true),
    expected: PICTURE_START_FAILED_MESSAGE,
  },
  {
    name: "bytes refused",
    error: new UploadError("rejected", "415", false),
    expected: PICTURE_FAILED_MESSAGE,
  },
  {
    name: "connection dropped",
    error: new UploadError("network", "dropped", false),
    expected: PICTURE_FAILED_MESSAGE,
  },
  {
    name: "profile not saved",
    error: new PictureNotSavedError("save failed"),
    expected: PICTURE_NOT_SAVED_MESSAGE,
  },
  { name: "anything else", error: new Error("boom"), expected: PICTURE_UNKNOWN_MESSAGE },
];

describe("pictureUploadFailureMessage", () => {
  it.each(cases)("$name gives the catalogue's text", ({ error, expected }) => {
    expect(pictureUploadFailureMessage(error)).toBe(expected);
  });
});
