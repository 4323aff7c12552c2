import { useEffect } from "react";
import { useContacts } from "./get-contacts";

/** Unread messages over every conversation, from the (live) contact list. */
export function useUnreadTotal(): number {
  const { data } = useContacts("");
  return data?.reduce((sum, contact) => sum + contact.unread, 0) ?? 0;
}

/** "(3) Artist Portal" in the tab while messages wait. */
export function useUnreadTitle(unread: number, base = "Artist Portal"): void {
  useEffect(() => {
    document.title = unread > 0 ? `(${unread}) ${base}` : base;
    return () => {
      document.title = base;
    };
  }, [unread, base]);
}
