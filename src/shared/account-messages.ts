import { formatPaise } from "./money-format";

/** Texts of the spec's error catalogue for password, email and account deletion. */
export const NEW_PASSWORDS_MISMATCH_MESSAGE = "New passwords do not match.";
export const PASSWORDS_MISMATCH_HINT = "Passwords do not match";
export const WRONG_CURRENT_PASSWORD_MESSAGE = "Incorrect current password. Please try again.";
export const RECENT_LOGIN_REQUIRED_MESSAGE =
  "For security reasons, please log out and log back in before changing your password.";
export const PASSWORD_CHANGE_FAILED_MESSAGE = "Failed to update password. Please try again.";
export const PASSWORD_CHANGED_MESSAGE = "Password updated successfully!";
export const NO_USER_MESSAGE = "No user found. Please log in again.";

export const WRONG_PASSWORD_MESSAGE = "Incorrect password. Please try again.";
export const EMAIL_CHANGE_FAILED_MESSAGE = "Failed to change email. Please try again later.";
export const EMAIL_CHANGED_MESSAGE = "Email changed successfully! Redirecting...";
export const SAME_EMAIL_MESSAGE = "This is already your email address.";

export const DELETE_CONFIRMATION_WORD = "DELETE";
export const DELETE_CONFIRMATION_MESSAGE = "Please type DELETE to confirm account deletion";
export const DELETE_FAILED_MESSAGE = "Failed to delete account. Please try again later.";
/**
 * An agent's account is not deleted from here: its conversations with
 * artists are the team's, and deleting a user deletes their conversations.
 */
export const AGENT_DELETE_REFUSED_MESSAGE =
  "A support account cannot delete itself: its conversations with artists belong to the team.";

/** Delay before returning to /settings after a password or email change (spec, section 9). */
export const ACCOUNT_REDIRECT_DELAY_MS = 2000;

/** Deleting an account with money in its wallet (decision 135): said before, and refused (409) unless agreed. */
export const walletGiveUpMessages = {
  note: (paise: number) =>
    `Your wallet holds ${formatPaise(paise)}. Deleting your account gives it up for good: withdraw it first if you can.`,
  agree: (paise: number) => `I give up the ${formatPaise(paise)} in my wallet`,
  refused: (paise: number) =>
    `Your wallet holds ${formatPaise(paise)}. Withdraw it first, or confirm that you give it up.`,
};
/** The 409's code when the wallet's balance was not (or no longer) the one agreed to. */
export const WALLET_NOT_EMPTY_CODE = "WALLET_NOT_EMPTY";
