/**
 * The server's entry: it sets how the start grows V8's heap before any
 * other module is loaded (start-memory.ts), then loads and starts the server.
 * A static import would not do: the bundle evaluates its shared chunks first.
 */
import { startGrowth } from "./start-memory";

startGrowth();
await import("./serve");
