export const APP_VERSION = "1.1.0";
export const DARK_MODE_STORAGE_KEY = "darkMode";
export const DEFAULT_MARKETING_URL = "https://artistportal.example";

/** Pages of the marketing site, relative to MARKETING_URL. */
export const marketingPages = {
  terms: "/terms-of-service",
  privacy: "/privacy-policy",
  eula: "/eula",
  contact: "/contact",
  about: "/about",
} as const;
export type MarketingPage = keyof typeof marketingPages;

export function marketingUrl(base: string, page: MarketingPage): string {
  return base.replace(/\/+$/, "") + marketingPages[page];
}
