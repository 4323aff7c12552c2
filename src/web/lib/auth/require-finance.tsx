import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { statementMessages } from "../../../shared/statement-messages";
import { Alert } from "../../components/alert";
import { Spinner } from "../../components/spinner";
import { useSession } from "./session";
import { useMyRoles } from "./roles";

/**
 * The finance desk (statements, artists' rates) is for finance agents: an
 * artist goes to their wallet, a support agent without the role is told so
 * (the server answers them 403 anyway).
 */
export function RequireFinance({
  children,
  refusal = statementMessages.financeOnly,
}: {
  children: ReactNode;
  /** What a support agent is told: the page's own sentence. */
  refusal?: string;
}) {
  const { data: user } = useSession();
  const roles = useMyRoles();
  if (!user) return null;
  if (!user.admin) return <Navigate to="/wallet" replace />;
  if (roles.isPending) return <Spinner label="Checking your access…" className="py-16" />;
  if (roles.isError || !roles.data.finance) {
    return (
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 p-4 sm:p-6">
        <h1 className="text-2xl font-bold">Finance only</h1>
        <Alert tone="error">{refusal}</Alert>
      </div>
    );
  }
  return children;
}
