/** Shown inside the layout while a page's code loads for the first time. */
export function PageLoading() {
  return (
    <div className="flex flex-1 items-center justify-center py-24" role="status">
      <span className="size-6 animate-spin rounded-full border-2 border-slate-300 border-t-brand-700 motion-reduce:animate-none dark:border-slate-700 dark:border-t-brand-400" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
