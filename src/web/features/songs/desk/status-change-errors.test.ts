import { describe, expect, it } from "vitest";
import { REJECTION_NOTE_REQUIRED, REJECTION_REASON_REQUIRED } from "../../../../shared/song-status";
import { rejectionErrors } from "./status-change-errors";

describe("rejectionErrors", () => {
  it("asks for a reason beside the reason field", () => {
    expect(rejectionErrors({ rejectionReason: null, statusNote: "" })).toEqual({
      rejectionReason: REJECTION_REASON_REQUIRED,
    });
  });

  it("asks for details beside the note when the reason is Other", () => {
    expect(rejectionErrors({ rejectionReason: "other", statusNote: "  " })).toEqual({
      statusNote: REJECTION_NOTE_REQUIRED,
    });
    expect(rejectionErrors({ rejectionReason: "other", statusNote: "Wrong mix" })).toEqual({});
    expect(rejectionErrors({ rejectionReason: "artwork", statusNote: "" })).toEqual({});
  });
});
