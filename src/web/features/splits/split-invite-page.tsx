import { useEffect } from "react";
import { Link, Navigate, useParams } from "react-router";
import type { SplitInvitePreview } from "../../../shared/responses/splits";
import { splitMessages } from "../../../shared/split-messages";
import { Alert } from "../../components/alert";
import { AuthLayout } from "../../components/auth-layout";
import { Spinner } from "../../components/spinner";
import { ApiError } from "../../lib/api-client";
import { useSession } from "../../lib/auth/session";
import { WALLET_SPLITS_PATH, useClaimSplitInvite, useSplitInvite } from "./api/splits";

const primaryLink =
  "inline-flex items-center justify-center rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-indigo-700 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300";
const secondaryLink =
  "inline-flex items-center justify-center rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800";

/** Why an invitation cannot be answered any more, or null while it can. */
export function closedReason(state: SplitInvitePreview["state"]): string | null {
  if (state === "invited") return null;
  return state === "expired" ? splitMessages.expired : splitMessages.alreadyAnswered(state);
}

/**
 * Sign in or create an account, then back to this link (the auth screens
 * lead back: lib/return-path.ts), which hands the invitation to the account
 * and goes on to /wallet/splits. Creating one starts with the invited email
 * filled in.
 */
function SignedOutChoices({ invite, back }: { invite: SplitInvitePreview; back: string }) {
  const signIn = (
    <Link
      key="sign-in"
      to="/login"
      state={{ from: back }}
      className={invite.hasAccount ? primaryLink : secondaryLink}
    >
      Sign in
    </Link>
  );
  const register = (
    <Link
      key="register"
      to="/register"
      state={{ from: back, email: invite.email }}
      className={invite.hasAccount ? secondaryLink : primaryLink}
    >
      Create account
    </Link>
  );
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm break-words">
        {invite.hasAccount
          ? `Sign in as ${invite.email} to accept or decline.`
          : `Create your account with ${invite.email} to accept or decline.`}
      </p>
      <div className="flex flex-col gap-2">
        {invite.hasAccount ? [signIn, register] : [register, signIn]}
      </div>
    </div>
  );
}

/**
 * Ties the invitation to the signed-in invited account (only the link can,
 * for an account made after it was sent), then on to /wallet/splits.
 */
function ClaimAndContinue({ token }: { token: string }) {
  const claim = useClaimSplitInvite(token);
  const { mutate } = claim;
  useEffect(() => mutate(), [mutate]);
  if (claim.isSuccess) return <Navigate to={WALLET_SPLITS_PATH} replace />;
  return (
    <AuthLayout title="Split invitation" subtitle="Artist Portal">
      {claim.isError ? (
        <Alert tone="error">
          {claim.error instanceof ApiError && claim.error.status < 500
            ? claim.error.message
            : "Could not open the invitation. Please try again later."}
        </Alert>
      ) : (
        <Spinner label="Opening the invitation…" className="py-6" />
      )}
    </AuthLayout>
  );
}

/**
 * `/splits/invite/:token`, the link an invitation mail carries (issue 47),
 * opened signed in or not: who shares what, then on to /wallet/splits for
 * the invited account, or Sign in / Create account for someone signed out.
 */
export default function SplitInvitePage() {
  const { token = "" } = useParams();
  const session = useSession();
  const invite = useSplitInvite(token);
  const user = session.data;
  if (invite.isPending || session.isPending) {
    return (
      <AuthLayout title="Split invitation" subtitle="Artist Portal">
        <Spinner label="Loading the invitation…" className="py-6" />
      </AuthLayout>
    );
  }
  if (invite.isError) {
    return (
      <AuthLayout title="Split invitation" subtitle="Artist Portal">
        <Alert tone="error">
          {invite.error instanceof ApiError && invite.error.status < 500
            ? invite.error.message
            : "Could not load the invitation. Please try again later."}
        </Alert>
      </AuthLayout>
    );
  }
  const data = invite.data;
  const closed = closedReason(data.state);
  const mine = user && user.email.toLowerCase() === data.email.toLowerCase();
  // The invited account, signed in: the link hands it the invitation, to be
  // answered with the others.
  if (mine && !closed) return <ClaimAndContinue token={token} />;
  return (
    <AuthLayout title="Split invitation" subtitle="Artist Portal">
      <div className="flex flex-col gap-4">
        <p className="break-words">
          <strong>{data.artistName}</strong> shares <strong>{data.share}%</strong> of the earnings
          of <strong>{data.trackTitle}</strong> ({data.releaseTitle}) with you.
        </p>
        {closed ? (
          <Alert tone="info">{closed}</Alert>
        ) : user ? (
          <Alert tone="warning">{splitMessages.notForYou}</Alert>
        ) : (
          <SignedOutChoices invite={data} back={`/splits/invite/${encodeURIComponent(token)}`} />
        )}
      </div>
    </AuthLayout>
  );
}
