/**
 * A coloured button's tone class, or daisyUI's disabled look while it is disabled: a text colour
 * (`text-error`) is a utility, which beats the `.btn:disabled` component style, so a disabled
 * Delete kept its red and looked active. `btn-disabled` names the look the attribute gives.
 */
export function toneUnlessDisabled(tone: string | undefined, isDisabled: boolean | undefined): string {
  return isDisabled ? 'btn-disabled' : (tone ?? '');
}
