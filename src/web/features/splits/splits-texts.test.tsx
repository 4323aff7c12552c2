import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { MySplit } from "../../../shared/responses/splits";
import { WALLET_SPLITS_PATH as sharedPath } from "../../../shared/split-schemas";
import { WALLET_SPLITS_PATH } from "./api/splits";
import { InvitationItem } from "./invitation-item";
import { closedReason } from "./split-invite-page";
import { answeredLine, invitationLine, splitTitle } from "./split-texts";

const split = (over: Partial<MySplit> = {}): MySplit => ({
  id: "s1",
  state: "invited",
  artistName: "Kavya",
  releaseTitle: "Monsoon Sessions",
  trackTitle: "Rain Song",
  shareBasisPoints: 4000,
  share: "40",
  invitedAt: Date.UTC(2026, 11, 1),
  expiresAt: Date.UTC(2026, 11, 31),
  answeredAt: null,
  heldPaise: 34_000,
  creditedPaise: 0,
  ...over,
});

describe("a split in words", () => {
  it("names it as the wallet names its credits, and says who shares what", () => {
    expect(splitTitle(split())).toBe("Rain Song · Kavya");
    expect(invitationLine(split())).toBe(
      "Kavya shares 40% of the earnings of Rain Song (Monsoon Sessions) with you.",
    );
  });

  it("says what an answer did: the amount moved on accept, nothing on a repeat", () => {
    expect(answeredLine({ share: split({ state: "accepted" }), movedPaise: 34_000 })).toBe(
      "You accepted 40% of Rain Song by Kavya. Rs.340.00 moved to your wallet.",
    );
    expect(answeredLine({ share: split({ state: "accepted" }), movedPaise: 0 })).toBe(
      "You accepted 40% of Rain Song by Kavya.",
    );
    expect(answeredLine({ share: split({ state: "declined" }), movedPaise: 0 })).toBe(
      "You declined 40% of Rain Song by Kavya. It stays with Kavya.",
    );
  });

  it("tells why a link's invitation can no longer be answered", () => {
    expect(closedReason("invited")).toBeNull();
    expect(closedReason("expired")).toBe("This invitation has expired.");
    expect(closedReason("declined")).toBe("This invitation was already declined.");
    expect(closedReason("accepted")).toBe("This invitation was already accepted.");
  });
});

describe("InvitationItem", () => {
  it("is a list item named by its track and artist, with what is held, Accept and Decline", () => {
    const html = renderToStaticMarkup(
      <ul>
        <InvitationItem invitation={split()} pending={false} busy={false} onAnswer={() => {}} />
      </ul>,
    );
    expect(html).toMatch(
      /<li aria-labelledby="([^"]+)"[^>]*><h3 id="\1"[^>]*>Rain Song · Kavya<\/h3>/,
    );
    expect(html).toContain("Held for you until you accept: <strong");
    expect(html).toContain("Rs.340.00");
    expect(html).toMatch(/<button[^>]*>Accept<\/button>/);
    expect(html).toMatch(/<button[^>]*>Decline<\/button>/);
  });

  it("holds both buttons while an answer is on its way", () => {
    const html = renderToStaticMarkup(
      <ul>
        <InvitationItem invitation={split()} pending busy onAnswer={() => {}} />
      </ul>,
    );
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Accepting…<\/button>/);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Decline<\/button>/);
  });
});

describe("the page invitations are answered on", () => {
  it("is the contract's", () => {
    expect(WALLET_SPLITS_PATH).toBe(sharedPath);
  });
});
