import { z } from "zod";
import type { PublicConfig } from "../public-config";

export const publicConfigSchema = z.object({
  marketingUrl: z.string(),
  releaseLeadDays: z.number().int(),
}) satisfies z.ZodType<PublicConfig>;
