import { Toaster } from 'react-hot-toast';
import { TOAST_DURATION_MS } from '../../config/limits';

/** Where and how long every toast shows (spec §8: top-centre, 5 seconds). */
export function AppToaster() {
  return <Toaster position="top-center" toastOptions={{ duration: TOAST_DURATION_MS }} />;
}
