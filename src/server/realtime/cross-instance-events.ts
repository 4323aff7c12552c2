import type { DomainEvents } from "../events/domain-events";
import type { PortalServer } from "./socket-types";

/**
 * Carries domain events to the other instances over the Socket.IO Redis
 * adapter already in place (server-side emits), so state each process keeps
 * (the session cache) hears a change made on any instance. Side effects that
 * must happen once (mail, fan-out) listen with `on`, which hears only local
 * events; `onEveryInstance` listeners hear both.
 */
export function relayDomainEvents(io: PortalServer, events: DomainEvents): void {
  events.relayTo((name, payload) => {
    if (events.hasEveryInstanceListeners(name)) io.serverSideEmit("domain-event", name, payload);
  });
  io.on("domain-event", (name, payload) => {
    void events.receive(name, payload);
  });
}
