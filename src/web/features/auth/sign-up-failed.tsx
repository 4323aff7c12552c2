import { Link } from "react-router";
import { SIGN_UP_FAILED_MESSAGE } from "../../../shared/auth-messages";
import { Alert } from "../../components/alert";
import { ApiError } from "../../lib/api-client";
import { isWrongAddress } from "./wrong-address";

const link = "font-semibold underline";

/**
 * Sign-up's refusal. The server answers a taken email exactly like any other
 * refusal (no account enumeration), so the pointer to Sign in and Forgot
 * password is shown with every refusal: it helps the person who already has
 * an account and tells nobody whether this email has one.
 */
export function SignUpFailed({ error }: { error: Error }) {
  if (isWrongAddress(error) || (error instanceof ApiError && error.status === 429)) {
    return <Alert tone="error">{error.message}</Alert>;
  }
  return (
    <Alert tone="error">
      <p>{SIGN_UP_FAILED_MESSAGE}</p>
      <p className="mt-1">
        Already have an account with this email?{" "}
        <Link to="/login" className={link}>
          Sign in
        </Link>{" "}
        or{" "}
        <Link to="/forgot-password" className={link}>
          Forgot password?
        </Link>
      </p>
    </Alert>
  );
}
