import { describe, expect, it } from "vitest";
import { withdrawalMessages as m } from "./withdrawal-messages";
import { withdrawalPreviewQuerySchema } from "./withdrawal-schemas";

describe("the withdrawal preview's amount", () => {
  it("reads whole paise written as digits", () => {
    expect(withdrawalPreviewQuerySchema.parse({ amountPaise: "50000" })).toEqual({
      amountPaise: 50_000,
    });
  });

  it.each(["0x10", "1e3", " 5", "5.5", "-5", "0", "abc", "", "99999999999999999"])(
    "refuses %j with the form's words",
    (amountPaise) => {
      const result = withdrawalPreviewQuerySchema.safeParse({ amountPaise });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(m.amount);
    },
  );
});
