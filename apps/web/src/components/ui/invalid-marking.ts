/**
 * daisyUI's error variant per control kind, spelled out in full so Tailwind's scanner keeps each
 * class in the built CSS (a class assembled from pieces would be dropped).
 */
const errorClassByKind = {
  input: 'input-error',
  select: 'select-error',
  textarea: 'textarea-error',
} as const;

export type ControlKind = keyof typeof errorClassByKind;

/** `className` plus the kind's error variant (the red border) while the control's rule fails. */
export function invalidClassName(className: string, invalid: boolean, kind: ControlKind = 'input'): string {
  return invalid ? `${className} ${errorClassByKind[kind]}` : className;
}

/**
 * Props for a control whose rule can fail: the red border and `aria-invalid` always come together,
 * so a sighted user sees what a screen reader announces.
 */
export function markInvalid(className: string, invalid: boolean, kind: ControlKind = 'input') {
  return {
    className: invalidClassName(className, invalid, kind),
    'aria-invalid': invalid ? true : undefined,
  };
}
