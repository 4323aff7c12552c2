import { Alert } from "../../components/alert";

/**
 * Shown on /login right after an account was deleted (decision 005: every
 * row and file of the person goes, their conversations included).
 */
export function AccountDeletedNotice() {
  return (
    <div className="mb-4">
      <Alert tone="success">
        <p className="font-semibold">Your account has been deleted.</p>
        <p className="mt-1">
          Your profile, songs, files and chats are gone from the portal. Messages you already sent
          were deleted with your chats, so support can no longer read them. You can create a new
          account with the same email at any time.
        </p>
      </Alert>
    </div>
  );
}
