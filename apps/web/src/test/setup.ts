import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach } from 'vitest';
import { useNotificationStore } from '../stores/notification-store';

// findBy*/waitFor give up after 1 s by default: on a loaded 2-core CI machine a render after a
// (stubbed) fetch can take longer. The limit only turns a hang into a failure.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  // Toasts live in a module-level store: drop them so one test's messages never show in the next.
  toast.remove();
  useNotificationStore.getState().clearNotifications();
  localStorage.clear();
  sessionStorage.clear();
});
