/**
 * The server's entry: it sets how the start grows V8's heap before any
 * other module is loaded (start-memory.ts), then loads and starts the server.
 * A static import would not do: the bundle evaluates its shared chunks first.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startGrowth } from "./start-memory";

startGrowth();
const { serve, exitOnStartFailure } = await import("./serve");
// src/server/ under tsx, dist/server/ compiled: dist/web is two levels up
// from both (serve.ts itself lands in dist/server/chunks/).
const here = path.dirname(fileURLToPath(import.meta.url));
serve(path.resolve(here, "../../dist/web")).catch(exitOnStartFailure);
