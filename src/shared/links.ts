import { z } from "zod";
import { plainString } from "./plain-text";
import { invalidLinkMessage, normalizeLink, type LinkProvider } from "./link-rules";

export {
  ALLOWED_LINK_PROTOCOLS,
  invalidLinkMessage,
  normalizeLink,
  type LinkProvider,
} from "./link-rules";

/** A zod field for a store/profile link: normalises, or fails with the provider's message. */
export function linkSchema(provider: LinkProvider) {
  return plainString()
    .max(2048, `${provider} link is too long`)
    .transform((value, ctx) => {
      const normalized = normalizeLink(value);
      if (normalized === null) {
        ctx.addIssue({ code: "custom", message: invalidLinkMessage(provider) });
        return z.NEVER;
      }
      return normalized;
    });
}
