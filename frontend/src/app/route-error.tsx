import { Component, type ErrorInfo, type ReactNode } from 'react';

import { Button } from '#frontend/components/ui/button.tsx';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

/** Shown inside the layout when a page throws or its code cannot be loaded (for example after a deployment). */
export function RouteError() {
  useDocumentTitle('Something went wrong · Meetwise');
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Something went wrong</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">This page could not be shown. Please try again.</p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        Reload page
      </Button>
    </section>
  );
}

/** Catches a page's render or chunk-load error; the layout keys it by path, so another page starts clean. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Page failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
