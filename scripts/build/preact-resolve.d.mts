export declare const preactTargets: Record<string, string>;
export declare function resolve(
  specifier: string,
  context: unknown,
  nextResolve: (specifier: string, context: unknown) => unknown,
): unknown;
