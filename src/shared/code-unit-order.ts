/**
 * Orders strings by UTF-16 code unit (what `<` compares), the same on every
 * machine: unlike `localeCompare`, it does not follow the process's locale
 * (a lock order shared by two instances, a canonical form).
 */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
