import inspector from "node:inspector";
import { PerformanceObserver, constants } from "node:perf_hooks";

/*
 * What the collector did during a phase of a benchmark: how many young
 * (scavenge) and full collections ran and how long they took, and, on
 * request, which functions allocated what the full collections freed (what
 * lived long enough to leave the young generation). This found issue 46's
 * "GC mode" (decision 125).
 */

/** Counts collections until `stop`, which answers "minor N (ms) · major N (ms)". */
export function watchCollections(): { stop(): string } {
  const seen = { minor: 0, minorMs: 0, major: 0, majorMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { kind } = (entry as PerformanceEntry & { detail: { kind: number } }).detail;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) {
        seen.minor += 1;
        seen.minorMs += entry.duration;
      } else {
        seen.major += 1;
        seen.majorMs += entry.duration;
      }
    }
  });
  observer.observe({ entryTypes: ["gc"] });
  return {
    stop() {
      observer.disconnect();
      return `collections: minor ${seen.minor} (${seen.minorMs.toFixed(0)} ms), major ${seen.major} (${seen.majorMs.toFixed(0)} ms)`;
    },
  };
}

interface SampleNode {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  selfSize: number;
  children: SampleNode[];
}

function post<T>(session: inspector.Session, method: string, params: object = {}): Promise<T> {
  return new Promise((resolve, reject) =>
    session.post(method, params, (err, result) => (err ? reject(err) : resolve(result as T))),
  );
}

/**
 * Samples allocations until `stop`, keeping those a full collection freed
 * (the young collector's are left out), and answers the top allocators.
 */
export async function sampleSurvivors(): Promise<{ stop(top?: number): Promise<string> }> {
  const session = new inspector.Session();
  session.connect();
  await post(session, "HeapProfiler.startSampling", {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
  });
  return {
    async stop(top = 12) {
      const { profile } = await post<{ profile: { head: SampleNode } }>(
        session,
        "HeapProfiler.stopSampling",
      );
      session.disconnect();
      const bytes = new Map<string, number>();
      const walk = (node: SampleNode) => {
        const { functionName, url, lineNumber, columnNumber } = node.callFrame;
        const where = `${functionName || "(anonymous)"} ${url.split("/").slice(-2).join("/")}:${lineNumber + 1}:${columnNumber + 1}`;
        bytes.set(where, (bytes.get(where) ?? 0) + node.selfSize);
        for (const child of node.children) walk(child);
      };
      walk(profile.head);
      return [...bytes]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([where, size]) => `  ${(size / 2 ** 20).toFixed(1)} MB ${where}`)
        .join("\n");
    },
  };
}
