// The count of a video's open review issues, as the library, the Review Queue and the Annotate header show it.
export function OpenIssuesChip({ count, testId, title }: { count: number; testId?: string; title?: string }) {
  const text = `${count} open issue${count === 1 ? '' : 's'}`;
  return (
    <span
      data-testid={testId}
      data-count={count}
      title={title ?? text}
      className="mr-2 inline-block whitespace-nowrap rounded-full bg-rose-600 px-2 py-0.5 text-xs font-medium text-white"
    >
      {text}
    </span>
  );
}
