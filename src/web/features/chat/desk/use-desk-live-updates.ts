import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { chatEvents } from "../../../../shared/chat-events";
import { deskEvents, type DeskChangedEvent } from "../../../../shared/desk-events";
import { onSocketEvent } from "../../../lib/socket-events";
import { deskKeys } from "./desk-api";

/**
 * Keeps an agent's desk live: any message, read mark or desk change
 * refetches the views; a desk change also the open conversation's header.
 */
export function useDeskLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refreshViews = () =>
      void queryClient.invalidateQueries({ queryKey: [...deskKeys.all, "inbox"] });
    const stops = [
      onSocketEvent(chatEvents.message, refreshViews),
      onSocketEvent(chatEvents.read, refreshViews),
      onSocketEvent(deskEvents.changed, (payload) => {
        refreshViews();
        const { roomId } = payload as DeskChangedEvent;
        void queryClient.invalidateQueries({ queryKey: deskKeys.room(roomId) });
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);
}
