/** Shown while a screen's code is still loading (the editor is fetched on demand). */
export function RouteLoading() {
  return (
    <section className="p-6 text-sm text-gray-500" data-testid="route.loading" aria-busy="true">
      Loading…
    </section>
  );
}
