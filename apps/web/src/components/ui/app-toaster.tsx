import { useEffect } from 'react';
import { Toaster } from 'react-hot-toast';
import { TOAST_DURATION_MS } from '../../config/limits';
import { showToastLeftForReload } from '../../lib/notify';

/** Where and how long every toast shows (spec §8: top-centre, 5 seconds). */
export function AppToaster() {
  // An action that ends in a reload (deleting a challenge) leaves its toast for this page.
  useEffect(() => showToastLeftForReload(), []);
  return <Toaster position="top-center" toastOptions={{ duration: TOAST_DURATION_MS }} />;
}
