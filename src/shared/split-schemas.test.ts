import { describe, expect, it } from "vitest";
import { basisPointsFromPercent, percentText } from "./basis-points";
import { yourShareLine } from "./split-messages";
import { splitsInputSchema } from "./split-schemas";

const row = (email: string, share: string) => ({ email, share });

describe("split shares", () => {
  it("reads percentages exactly and writes them back", () => {
    expect(basisPointsFromPercent("40")).toBe(4000);
    expect(basisPointsFromPercent("12.5")).toBe(1250);
    expect(basisPointsFromPercent("0.01")).toBe(1);
    expect(basisPointsFromPercent("33.33")).toBe(3333);
    expect(percentText(6000)).toBe("60");
    expect(percentText(3350)).toBe("33.5");
    expect(percentText(1)).toBe("0.01");
    expect(yourShareLine(6000)).toBe("You: 60%");
    expect(yourShareLine(6667)).toBe("You: 66.67%");
  });

  it("refuses more than 100% in all, and takes exactly 100%", () => {
    const over = splitsInputSchema.safeParse({
      collaborators: [row("a@example.com", "60"), row("b@example.com", "40.01")],
    });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe("Shares must add up to 100%.");
    const whole = splitsInputSchema.safeParse({
      collaborators: [row("a@example.com", "60"), row("b@example.com", "40")],
    });
    expect(whole.success).toBe(true);
  });

  it("refuses 0, 3 decimals, duplicates and a 21st collaborator", () => {
    for (const share of ["0", "0.00", "12.345", "-1", "abc", "101"]) {
      expect(
        splitsInputSchema.safeParse({ collaborators: [row("a@example.com", share)] }).success,
      ).toBe(false);
    }
    const twice = splitsInputSchema.safeParse({
      collaborators: [row("A@example.com", "10"), row("a@example.com", "10")],
    });
    expect(twice.error?.issues[0]?.message).toBe("a@example.com is listed twice.");
    const many = Array.from({ length: 21 }, (_, i) => row(`c${i}@example.com`, "1"));
    expect(splitsInputSchema.safeParse({ collaborators: many }).error?.issues[0]?.message).toBe(
      "Add up to 20 collaborators.",
    );
    expect(splitsInputSchema.safeParse({ collaborators: many.slice(1) }).success).toBe(true);
  });
});
