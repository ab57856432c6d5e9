/** A field's validation message, announced to screen readers. */
export function FieldError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <span role="alert" className="text-error text-sm">
      {message}
    </span>
  );
}
