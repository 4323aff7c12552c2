/**
 * The live link's one entry into socket.io-client, imported on demand
 * (realtime-client.ts). A dynamic import keeps every export of the module it
 * names; socket.io-client's own index also re-exports engine.io-client's
 * polling and WebTransport classes, which the link never uses. Naming only
 * `io` here lets the bundler leave them out.
 */
export { io } from "socket.io-client";
