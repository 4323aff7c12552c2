export interface PublicConfig {
  marketingUrl: string;
  /** RELEASE_LEAD_DAYS: a release date is at least this many days after today. */
  releaseLeadDays: number;
}
