import type { AppContext } from "../../context";

/** What the email notices use of the app: the database, the mail outbox, the public URL's config. */
export type NoticeDeps = Pick<AppContext, "database" | "config" | "mail">;
