import { useEffect } from 'react';
import { Toaster } from 'react-hot-toast';
import { TOAST_DURATION_MS } from '../../config/limits';
import { showToastLeftForReload } from '../../lib/notify';
import { liveOutsideDialogsAttribute } from './live-outside-dialogs';

/** Where and how long every toast shows (spec §8: top-centre, 5 seconds). */
export function AppToaster() {
  // An action that ends in a reload (deleting a challenge) leaves its toast for this page.
  useEffect(() => showToastLeftForReload(), []);
  // Outside an open dialog yet not inert: a message about the dialog's action shows and is read out.
  return (
    <div {...{ [liveOutsideDialogsAttribute]: '' }}>
      <Toaster position="top-center" toastOptions={{ duration: TOAST_DURATION_MS }} />
    </div>
  );
}
