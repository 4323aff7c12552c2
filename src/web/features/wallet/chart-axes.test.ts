import { describe, expect, it } from "vitest";
import { amountAxisSize, barAxisSize, labelsUpright } from "./chart-axes";

// About what 12 px system-ui takes: 7 px a character.
const measure = (text: string) => 7 * text.length;

describe("the amounts' axis", () => {
  it("is as wide as its widest label, so a large amount is shown whole", () => {
    const labels = ["Rs.0.00", "Rs.5,00,000.00", "Rs.10,00,000.00"];
    // 15 characters: 105 px of text, more than the 90 px the axis used to have.
    expect(amountAxisSize(measure, labels)).toBeGreaterThanOrEqual(105 + 5);
    expect(amountAxisSize(measure, ["Rs.0.00", "Rs.500.00"])).toBeLessThan(90);
  });

  it("starts from a guess before uPlot has its labels", () => {
    expect(amountAxisSize(measure, null)).toBeGreaterThan(0);
  });
});

describe("the bars' labels", () => {
  const tracks = ["Monsoon Rai…", "Paper Boats…", "Long Road H…"];

  it("stand upright when the widest does not fit across its bar, even with three bars", () => {
    // A 375 px phone: a card about 310 px wide less the amounts' axis leaves
    // about 200 px of plot, 67 px a bar, for 84 px of label.
    expect(labelsUpright(measure, tracks, 200)).toBe(true);
    expect(barAxisSize(measure, tracks, true)).toBeGreaterThanOrEqual(84 + 5);
  });

  it("lie flat when each fits across its bar, even with many bars", () => {
    expect(labelsUpright(measure, tracks, 900)).toBe(false);
    const countries = ["IN", "US", "GB", "AE", "SG", "CA", "AU", "DE"];
    expect(labelsUpright(measure, countries, 200)).toBe(false);
    expect(barAxisSize(measure, countries, false)).toBe(40);
  });
});
