import { useQuery } from "@tanstack/react-query";
import { DEFAULT_MARKETING_URL, marketingUrl, type MarketingPage } from "../../shared/constants";
import { apiFetch } from "./api-client";

export function usePublicConfig() {
  return useQuery({
    queryKey: ["public-config"],
    queryFn: () => apiFetch("/api/config", { answer: "publicConfig" }),
    staleTime: Infinity,
  });
}

/** Link builder for the marketing site's pages (terms, privacy, EULA, contact, about). */
export function useMarketingLink(): (page: MarketingPage) => string {
  const { data } = usePublicConfig();
  const base = data?.marketingUrl ?? DEFAULT_MARKETING_URL;
  return (page) => marketingUrl(base, page);
}
