export const EXPECTED: string[];
export function looseEntries(dist: string): string[];
