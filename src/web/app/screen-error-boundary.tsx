import { Component, createRef, type ReactNode } from "react";
import { Button } from "../components/button";

interface State {
  failed: boolean;
}

/**
 * A screen that could not load (its chunk failed offline, or a deploy removed
 * it) shows a way out instead of a blank page.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };
  private readonly heading = createRef<HTMLHeadingElement>();

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error("Screen failed", error);
  }

  override componentDidUpdate(_props: unknown, previous: State) {
    // The control that led here is gone: the focus goes to the news.
    if (this.state.failed && !previous.failed) this.heading.current?.focus();
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-10 text-center">
        <h1 ref={this.heading} tabIndex={-1} className="text-2xl font-bold">
          This screen could not be loaded
        </h1>
        <p className="text-slate-600 dark:text-slate-300">Check your connection, then try again.</p>
        <Button onClick={() => window.location.reload()}>Try again</Button>
      </main>
    );
  }
}
