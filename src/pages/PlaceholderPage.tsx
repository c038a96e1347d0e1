export function PlaceholderPage({ title }: { title: string }) {
  return <section className="p-6"><h2 className="text-xl font-semibold">{title}</h2></section>;
}
