/** Texts of the spec's error catalogue for accounts; kept free of zod so any screen can import them cheaply. */
export const CONSENT_REQUIRED_MESSAGE =
  "You must agree to the Terms of Service, Privacy Policy, and EULA to continue.";
export const SIGN_IN_FAILED_MESSAGE = "Invalid email or password";
export const SIGN_UP_FAILED_MESSAGE = "Failed to create account.";
export const EMAIL_TAKEN_MESSAGE = "This email is already in use by another account.";
export const INVALID_EMAIL_MESSAGE = "Invalid email format. Please enter a valid email address.";
export const TOO_MANY_ATTEMPTS_MESSAGE =
  "Too many attempts. Please wait a few seconds and try again.";
/** The page was opened at another address than PUBLIC_URL: its writes are refused (origin guard). */
export const wrongAddressMessage = (publicUrl: string) =>
  `This address is not the portal's configured address: open ${publicUrl}`;
export const WRONG_ADDRESS_CODE = "WRONG_ADDRESS";
