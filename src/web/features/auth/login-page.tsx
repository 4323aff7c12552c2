import { useState, type SyntheticEvent } from "react";
import { Link, useLocation } from "react-router";
import { SIGN_IN_FAILED_MESSAGE } from "../../../shared/auth-messages";
import { FormAlert } from "../../components/form-alert";
import { useTypedBeforeHydration } from "../../lib/use-typed-before-hydration";
import { Button } from "../../components/button";
import { PasswordField, TextField } from "../../components/text-field";
import { ApiError } from "../../lib/api-client";
import { useSignIn } from "./api/sign-in";
import { AuthLayout } from "../../components/auth-layout";
import { cameFromDeletion } from "../../lib/account-deleted";
import { keepReturnPath } from "../../lib/return-path";
import { AccountDeletedNotice } from "./account-deleted-notice";
import { isWrongAddress } from "./wrong-address";

export default function LoginPage() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const signIn = useSignIn();
  const state: unknown = useLocation().state;
  const deleted = cameFromDeletion(state);
  const form = useTypedBeforeHydration({
    text: {
      email: (typed) => setEmail((held) => held || typed),
      "current-password": (typed) => setPassword((held) => held || typed),
    },
  });

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    signIn.mutate({ email, password });
  };

  // 429 and a page at the wrong address carry their own explanation; every
  // other failure reads the same, so the form never tells which of email or
  // password was wrong.
  const error =
    signIn.error instanceof ApiError &&
    (signIn.error.status === 429 || isWrongAddress(signIn.error))
      ? signIn.error.message
      : signIn.error
        ? SIGN_IN_FAILED_MESSAGE
        : null;

  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to your artist account">
      {deleted && !signIn.isSuccess && <AccountDeletedNotice />}
      <form ref={form} onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <FormAlert error={error} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Link
          to="/forgot-password"
          className="self-end text-sm font-semibold text-indigo-700 underline dark:text-indigo-300"
        >
          Forgot password?
        </Link>
        <Button type="submit" disabled={signIn.isPending || !email || !password}>
          {signIn.isPending ? "Signing in…" : "Sign in"}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        Don&apos;t have an account?{" "}
        <Link
          to="/register"
          state={keepReturnPath(state)}
          className="font-semibold text-indigo-700 underline dark:text-indigo-300"
        >
          Create one
        </Link>
      </p>
    </AuthLayout>
  );
}
