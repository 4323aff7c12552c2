import { describe, expect, it } from "vitest";
import {
  ACCOUNT_NUMBERS_MISMATCH_MESSAGE,
  ACCOUNT_NUMBER_MESSAGE,
  IFSC_MESSAGE,
  PAN_MESSAGE,
  PAYOUT_METHOD_MESSAGE,
  UPI_ID_MESSAGE,
  maskPayoutDetails,
  maskUpiId,
  payoutDetailsInputSchema,
} from "./payout-details";

const issues = (input: unknown) => {
  const result = payoutDetailsInputSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};
const bank = {
  method: "bank",
  accountHolderName: "Priya Sharma",
  accountNumber: "123456781234",
  confirmAccountNumber: "123456781234",
  ifsc: "HDFC0001234",
  password: "x",
};

describe("payoutDetailsInputSchema", () => {
  it("quotes issue 47's messages for each refusal", () => {
    expect(issues({ password: "x" })).toEqual({ method: PAYOUT_METHOD_MESSAGE });
    expect(issues({ method: "upi", upiId: "priya", password: "x" })).toEqual({
      upiId: UPI_ID_MESSAGE,
    });
    expect(UPI_ID_MESSAGE).toBe("Enter a UPI ID like name@bank.");
    expect(issues({ ...bank, ifsc: "HDFC1001234" })).toEqual({ ifsc: IFSC_MESSAGE });
    expect(IFSC_MESSAGE).toBe("Enter an 11-character IFSC like HDFC0001234.");
    expect(issues({ ...bank, pan: "ABCDE12345" })).toEqual({ pan: PAN_MESSAGE });
    expect(PAN_MESSAGE).toBe("Enter a PAN like ABCDE1234F.");
    expect(issues({ ...bank, confirmAccountNumber: "123456781235" })).toEqual({
      confirmAccountNumber: ACCOUNT_NUMBERS_MISMATCH_MESSAGE,
    });
  });

  it.each(["12345678", "1234567890123456789", "12345678a"])(
    "refuses the account number %s (9 to 18 digits)",
    (accountNumber) => {
      expect(issues({ ...bank, accountNumber, confirmAccountNumber: accountNumber })).toEqual({
        accountNumber: ACCOUNT_NUMBER_MESSAGE,
      });
    },
  );

  it("keeps codes in their usual case and drops stray spaces; an empty PAN is none", () => {
    const parsed = payoutDetailsInputSchema.parse({
      ...bank,
      accountNumber: "1234 5678 1234",
      ifsc: " hdfc0001234 ",
      pan: "abcde1234f",
    });
    expect(parsed).toMatchObject({
      accountNumber: "123456781234",
      ifsc: "HDFC0001234",
      pan: "ABCDE1234F",
    });
    expect(
      payoutDetailsInputSchema.parse({
        method: "upi",
        upiId: "Priya@OKAXIS",
        pan: "",
        password: "x",
      }),
    ).toEqual({ method: "upi", upiId: "priya@okaxis", pan: null, password: "x" });
  });
});

describe("masking", () => {
  it("shows the issue's masked forms", () => {
    expect(
      maskPayoutDetails({ method: "upi", upiId: "priya@okaxis", pan: "ABCDE1234F" }, 1),
    ).toEqual({
      method: "upi",
      destination: "UPI: pr•••@okaxis",
      accountHolderName: null,
      pan: "PAN: •••••1234F",
      updatedAt: 1,
    });
    expect(
      maskPayoutDetails(
        {
          method: "bank",
          accountHolderName: "Priya",
          accountNumber: "123456781234",
          ifsc: "HDFC0001234",
          pan: null,
        },
        2,
      ),
    ).toMatchObject({ destination: "Bank: ••••1234 · HDFC0001234", pan: null });
  });

  it("never shows most of a short UPI handle", () => {
    expect(maskUpiId("ab@ok")).toBe("•••@ok");
    expect(maskUpiId("abc@ok")).toBe("a•••@ok");
  });
});
