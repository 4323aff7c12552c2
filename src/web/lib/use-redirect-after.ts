import { useEffect } from "react";
import { useNavigate } from "react-router";

/** Navigates to `to` after `delayMs` once `when` turns true; cancelled if the screen goes away. */
export function useRedirectAfter(when: boolean, to: string, delayMs: number) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!when) return;
    const timer = setTimeout(() => void navigate(to, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [when, to, delayMs, navigate]);
}
