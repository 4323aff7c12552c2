import type { BuildOptions } from "esbuild";

export const EXTERNAL: string[];
export const serverBuildOptions: BuildOptions;
