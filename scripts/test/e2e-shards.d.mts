export interface Shard {
  files: string[];
  seconds: number;
}
export function planShards(
  files: readonly string[],
  seconds: Readonly<Record<string, number>>,
  count: number,
): Shard[];
