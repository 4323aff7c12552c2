import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { walletGiveUpMessages } from "../../../shared/account-messages";
import { ConfirmStep, WALLET_UNKNOWN } from "./delete-account-panel";

/** The confirm step as drawn with the word typed, a balance and the box as given. */
function render(balancePaise: number | undefined, agreed: boolean, walletFailed = false) {
  return renderToStaticMarkup(
    <ConfirmStep
      typed="DELETE"
      onType={() => undefined}
      balancePaise={balancePaise}
      walletFailed={walletFailed}
      onRetryWallet={() => undefined}
      agreed={agreed}
      onAgree={() => undefined}
      onConfirm={() => undefined}
      onCancel={() => undefined}
      pending={false}
      error={null}
    />,
  );
}

const deleteButton = (html: string) =>
  /<button type="submit"[^>]*>Delete account<\/button>/.exec(html)?.[0];
const deleteOff = (html: string) => deleteButton(html)!.includes('disabled=""');

describe("deleting an account with money in the wallet (decision 135)", () => {
  it("says what is given up and deletes only once the box is ticked", () => {
    const html = render(150_000, false);
    expect(walletGiveUpMessages.note(150_000)).toBe(
      "Your wallet holds Rs.1,500.00. Deleting your account gives it up for good: withdraw it first if you can.",
    );
    expect(html).toContain(walletGiveUpMessages.note(150_000));
    // The box is described by the note that says what it gives up.
    const noteId = /<p id="([^"]+)" class="font-medium">Your wallet holds/.exec(html)![1];
    expect(html).toMatch(
      new RegExp(`<input id="[^"]+" type="checkbox"[^>]*aria-describedby="${noteId}"`),
    );
    expect(html).toContain(">I give up the Rs.1,500.00 in my wallet</label>");
    expect(deleteOff(html)).toBe(true);
    expect(deleteOff(render(150_000, true))).toBe(false);
  });

  it("asks nothing of an empty wallet, and waits while the balance is unknown", () => {
    const empty = render(0, false);
    expect(empty).not.toContain('type="checkbox"');
    expect(empty).not.toContain("Your wallet holds");
    expect(deleteOff(empty)).toBe(false);
    expect(deleteOff(render(undefined, false))).toBe(true);
  });

  it("says when the balance could not be loaded, offers Try again and waits", () => {
    const html = render(undefined, false, true);
    expect(WALLET_UNKNOWN).toBe("Your wallet's balance could not be loaded.");
    expect(html).toMatch(
      new RegExp(`role="alert"[^>]*><span>${WALLET_UNKNOWN.replace("'", "&#x27;")}</span>`),
    );
    expect(html).toMatch(/<button type="button"[^>]*>Try again<\/button>/);
    expect(deleteOff(html)).toBe(true);
  });
});
