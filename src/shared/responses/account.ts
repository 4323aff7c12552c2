import { z } from "zod";
import { okSchema } from "./common";

/** POST /api/account/change-email: the address the confirmation link went to. */
export const emailChangedSchema = okSchema.extend({ email: z.string() });

/** POST /api/account/sessions/sign-out-others: how many sessions ended. */
export const sessionsEndedSchema = okSchema.extend({ ended: z.number() });
