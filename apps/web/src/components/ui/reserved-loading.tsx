/**
 * A spinner in a box as tall as what it waits for: the content below it stays put when the data
 * arrives (no layout shift). `heightClassName` gives the loaded content's usual height per width
 * (Tailwind min-h classes); content of another height moves what follows it once, as before.
 */
export function ReservedLoading({ label, heightClassName }: { label: string; heightClassName: string }) {
  return (
    <div className={`flex justify-center ${heightClassName}`}>
      <span className="loading loading-spinner" role="status" aria-label={label} />
    </div>
  );
}
