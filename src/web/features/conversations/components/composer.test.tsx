import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MESSAGE_MAX_LENGTH } from "../../../../shared/chat";
import { Composer } from "./composer";

function rendered(text: string, maxLength?: number): string {
  return renderToString(
    <Composer
      disabled={false}
      textRef={null}
      onSendText={() => undefined}
      onFiles={() => undefined}
      canSendEmpty
      draft={{ text, setText: () => undefined }}
      maxLength={maxLength}
    />,
  );
}

const sendIsOff = (html: string) =>
  /<button[^>]*disabled=""[^>]*aria-label="Send"|<button[^>]*aria-label="Send"[^>]*disabled=""/.test(
    html,
  );

describe("Composer", () => {
  it("holds Send and says how much to cut when the text passes the room it was given", () => {
    const room = MESSAGE_MAX_LENGTH - 120; // a release's quote takes the rest
    const fits = rendered("a".repeat(room), room);
    expect(sendIsOff(fits)).toBe(false);
    const over = rendered("a".repeat(room + 1), room);
    expect(sendIsOff(over)).toBe(true);
    expect(over).toContain("This message is 1 character too long.");
  });

  it("gives a whole message's room by default", () => {
    expect(sendIsOff(rendered("a".repeat(MESSAGE_MAX_LENGTH)))).toBe(false);
    expect(sendIsOff(rendered("a".repeat(MESSAGE_MAX_LENGTH + 1)))).toBe(true);
  });
});
