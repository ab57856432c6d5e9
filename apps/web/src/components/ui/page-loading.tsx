/** A full-width spinner that names what the user is waiting for. */
export function PageLoading({ label }: { label: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-24" role="status">
      <span className="loading loading-spinner loading-lg" aria-hidden />
      <p className="text-base-content/70">{label}</p>
    </div>
  );
}
