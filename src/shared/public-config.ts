export interface PublicConfig {
  marketingUrl: string;
}
