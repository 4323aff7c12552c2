import { useState, type SyntheticEvent } from "react";
import { Link, useLocation } from "react-router";
import { signUpSchema } from "../../../shared/auth-schemas";
import { Button } from "../../components/button";
import { CheckboxField } from "../../components/checkbox-field";
import { PasswordChecklist } from "../../components/password-checklist";
import { PasswordField, TextField } from "../../components/text-field";
import { ApiError } from "../../lib/api-client";
import { useMarketingLink } from "../../lib/public-config";
import { invitedEmail, keepReturnPath } from "../../lib/return-path";
import { showErrorsThenFocus } from "../../lib/focus-first-invalid";
import { useHydrated } from "../../lib/use-hydrated";
import { useTypedBeforeHydration } from "../../lib/use-typed-before-hydration";
import { useSignUp } from "./api/sign-in";
import { AuthLayout } from "../../components/auth-layout";
import { SignUpFailed } from "./sign-up-failed";

type Field = "name" | "email" | "password" | "consent";

/** Each field's first message from the schema the server runs (none when the input is valid). */
function signUpErrors(input: Record<Field, unknown>): Partial<Record<Field, string>> {
  const parsed = signUpSchema.safeParse(input);
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error?.issues ?? []) errors[issue.path[0] as Field] ??= issue.message;
  return errors;
}

/** The form's values, with what was typed before React took over the prerendered page. */
function useSignUpFields(startEmail: string) {
  const [name, setName] = useState("");
  const [email, setEmail] = useState(startEmail);
  const [password, setPassword] = useState("");
  const [consent, setConsent] = useState(false);
  const form = useTypedBeforeHydration({
    text: {
      nickname: (typed) => setName((held) => held || typed),
      email: (typed) => setEmail((held) => held || typed),
      "new-password": (typed) => setPassword((held) => held || typed),
    },
    checked: { consent: setConsent },
  });
  return { form, name, setName, email, setEmail, password, setPassword, consent, setConsent };
}

export default function RegisterPage() {
  // An invitation's link fills in the address it was sent to.
  const state: unknown = useLocation().state;
  const { form, name, setName, email, setEmail, password, setPassword, consent, setConsent } =
    useSignUpFields(invitedEmail(state));
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const signUp = useSignUp();
  const hydrated = useHydrated();

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    // The same schema the server runs, so the messages match exactly.
    const errors = signUpErrors({ name, email, password, consent });
    const refused = Object.keys(errors).length > 0;
    // The first field with a message takes focus: a screen reader reads it.
    showErrorsThenFocus(refused ? event.currentTarget : null, () => setFieldErrors(errors));
    if (!refused) signUp.mutate({ name, email, password, consent: true });
  };

  const serverError = signUp.error instanceof ApiError ? signUp.error : null;
  const serverFields = (serverError?.fieldErrors ?? {}) as Partial<Record<Field, string>>;
  const errorFor = (field: Field) => fieldErrors[field] ?? serverFields[field];

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Join the portal to reach support and follow your songs"
    >
      <form ref={form} onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        {signUp.error && <SignUpFailed error={signUp.error} />}
        <TextField
          label="Artist name"
          autoComplete="nickname"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errorFor("name")}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errorFor("email")}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errorFor("password")}
          hint={<PasswordChecklist password={password} />}
        />
        <CheckboxField
          id="consent"
          checked={consent}
          onChange={(e) => setConsent(e.target.checked)}
          error={errorFor("consent")}
          label={<ConsentLabel />}
        />
        <Button type="submit" disabled={signUp.isPending || !hydrated}>
          {signUp.isPending ? "Creating account…" : "Create account"}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        Already have an account?{" "}
        <Link
          to="/login"
          state={keepReturnPath(state)}
          className="font-semibold text-indigo-700 underline dark:text-indigo-300"
        >
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}

const documentLinkClass = "font-medium text-indigo-700 underline dark:text-indigo-300";

/** "I agree to the Terms of Service, Privacy Policy and EULA", each a link opening in a new tab. */
function ConsentLabel() {
  const link = useMarketingLink();
  return (
    <>
      I agree to the{" "}
      <a
        href={link("terms")}
        target="_blank"
        rel="noopener noreferrer"
        className={documentLinkClass}
      >
        Terms of Service
      </a>
      ,{" "}
      <a
        href={link("privacy")}
        target="_blank"
        rel="noopener noreferrer"
        className={documentLinkClass}
      >
        Privacy Policy
      </a>{" "}
      and{" "}
      <a
        href={link("eula")}
        target="_blank"
        rel="noopener noreferrer"
        className={documentLinkClass}
      >
        EULA
      </a>
    </>
  );
}
