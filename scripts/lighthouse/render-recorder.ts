/**
 * What a page's first load does on its main thread, recorded in the page
 * itself: long tasks and first contentful paint (the Performance API), and
 * each React commit through the hook React DevTools uses
 * (`__REACT_DEVTOOLS_GLOBAL_HOOK__`), with the components that rendered for
 * a change of their own state (not their parent's), and which hooks changed.
 * Names are the built code's: build with WEB_MINIFY=0 to read them.
 */

/** One React commit. */
export interface RecordedCommit {
  /** performance.now() at the commit, ms. */
  at: number;
  /** Components rendered with new props (their parent rendered them). */
  withNewProps: number;
  /** "Name[index=value …]": components rendered for their own hooks' state. */
  ownState: string[];
}

export interface RecordedLoad {
  commits: RecordedCommit[];
  tasks: { start: number; duration: number }[];
  fcp: number | undefined;
}

interface Hook {
  memoizedState: unknown;
  next: Hook | null;
}
interface Fiber {
  type: unknown;
  memoizedProps: unknown;
  memoizedState: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
  alternate: Fiber | null;
}
interface Seen {
  states: unknown[];
  props: unknown;
}

/** Runs in the page before its scripts (stringified: it may use nothing from this module). */
function recordRenders(): void {
  const load: RecordedLoad = { commits: [], tasks: [], fcp: undefined };
  (window as unknown as { __renders: RecordedLoad }).__renders = load;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      load.tasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: "longtask", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === "first-contentful-paint") load.fcp = entry.startTime;
    }
  }).observe({ type: "paint", buffered: true });

  // The previous commit's hook states and props of each component (a fiber
  // and its alternate are the same component, one render apart).
  const seen = new WeakMap<Fiber, Seen>();
  const nameOf = (fiber: Fiber) => {
    const type = fiber.type as { displayName?: string; name?: string };
    return type.displayName ?? type.name ?? "?";
  };
  const show = (value: unknown): string => {
    if (value === null || typeof value !== "object") return String(value).slice(0, 40);
    if (Array.isArray(value)) return `array(${value.length})`;
    return `{${Object.keys(value).slice(0, 4).join(",")}}`;
  };
  // Effects and memos hold their deps; a changed one is a consequence, not a cause.
  const isBookkeeping = (value: unknown) =>
    typeof value === "object" &&
    value !== null &&
    ("deps" in value || (Array.isArray(value) && value.length === 2 && Array.isArray(value[1])));
  const visit = (first: Fiber | null, commit: RecordedCommit) => {
    for (let fiber = first; fiber; fiber = fiber.sibling) {
      if (typeof fiber.type === "function") {
        const states: unknown[] = [];
        let hook = fiber.memoizedState as Hook | null;
        while (hook && typeof hook === "object" && "next" in hook) {
          states.push(hook.memoizedState);
          hook = hook.next;
        }
        const before = seen.get(fiber) ?? (fiber.alternate ? seen.get(fiber.alternate) : undefined);
        if (before && before.props !== fiber.memoizedProps) commit.withNewProps++;
        if (
          before &&
          before.props === fiber.memoizedProps &&
          before.states.length === states.length
        ) {
          const changed = states
            .map((state, i) =>
              state !== before.states[i] && !isBookkeeping(state) ? `${i}=${show(state)}` : "",
            )
            .filter(Boolean);
          if (changed.length > 0) commit.ownState.push(`${nameOf(fiber)}[${changed.join(" ")}]`);
        }
        const now = { states, props: fiber.memoizedProps };
        seen.set(fiber, now);
        if (fiber.alternate) seen.set(fiber.alternate, now);
      }
      visit(fiber.child, commit);
    }
  };
  const noop = () => undefined;
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ =
    {
      supportsFiber: true,
      inject: () => 1,
      onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
        const commit: RecordedCommit = { at: performance.now(), withNewProps: 0, ownState: [] };
        try {
          visit(root.current.child, commit);
        } catch (error) {
          commit.ownState.push(`(not read: ${String(error)})`);
        }
        load.commits.push(commit);
      },
      onCommitFiberUnmount: noop,
      onPostCommitFiberRoot: noop,
      checkDCE: noop,
    };
}

/**
 * The recorder as an init script. tsx may wrap the function's inner
 * functions in its `__name` helper, which the page lacks: a stand-in comes first.
 */
export const renderRecorderScript = `var __name = (f) => f;(${recordRenders.toString()})();`;

export function readRecordedLoad(): RecordedLoad {
  return (window as unknown as { __renders: RecordedLoad }).__renders;
}
