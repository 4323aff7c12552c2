import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { Ellipsis } from "lucide-react";

/**
 * "More" at the end of the bottom bar, for the items that do not fit beside
 * the others at 375 px (a finance agent's eight): a button that shows and
 * hides their links above the bar (a disclosure). Escape closes it and
 * returns to the button; so do a press outside and a navigation.
 * `className` is a bottom link's box; `active`: the current screen is in it.
 */
export function BottomMoreMenu(props: { className: string; active: boolean; children: ReactNode }) {
  const { pathname } = useLocation();
  // Open on the screen it was opened on: a navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const panelId = useId();
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpenOn(null);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenOn(null);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("keydown", escape);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("keydown", escape);
    };
  }, [open]);

  const tone = props.active
    ? "text-indigo-700 dark:text-indigo-300"
    : "text-slate-700 dark:text-slate-300";
  return (
    <div ref={box} className="relative flex min-w-0">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
        className={`${props.className} w-full ${tone}`}
      >
        <Ellipsis aria-hidden="true" className="size-5" />
        <span>More</span>
      </button>
      {open && (
        <ul
          id={panelId}
          aria-label="More"
          className="absolute right-1 bottom-full mb-2 flex w-52 flex-col gap-1 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
        >
          {props.children}
        </ul>
      )}
    </div>
  );
}
