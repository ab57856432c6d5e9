/** One entry of a dropdown: the stored value and the text the interface shows. */
export interface Option<T> {
  value: T;
  label: string;
}

/** Turns a value→label record into dropdown options, in the record's order. */
export function optionsOf<T extends string>(labels: Record<T, string>): Option<T>[] {
  return (Object.keys(labels) as T[]).map((value) => ({ value, label: labels[value] }));
}
