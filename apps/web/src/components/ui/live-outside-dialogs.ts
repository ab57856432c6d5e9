/**
 * Marks what stays usable outside an open dialog (`modal-focus.ts`): the toaster, so a message
 * about the dialog's action (a refused save) is still shown above it and read out by a screen
 * reader. Its own module: the toaster is in the app's entry, the dialog code is not.
 */
export const liveOutsideDialogsAttribute = 'data-live-outside-dialogs';
