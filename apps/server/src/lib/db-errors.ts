/** drizzle wraps driver errors: the PostgreSQL code sits on `cause.code` (same for pg and PGlite). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (candidate: unknown) =>
    typeof candidate === 'object' && candidate !== null && 'code' in candidate ? candidate.code : undefined;
  const cause = typeof error === 'object' && error !== null && 'cause' in error ? error.cause : undefined;
  return code(cause) === '23505' || code(error) === '23505';
}
