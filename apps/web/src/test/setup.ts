import { cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach } from 'vitest';
import { useNotificationStore } from '../stores/notification-store';

afterEach(() => {
  cleanup();
  // Toasts live in a module-level store: drop them so one test's messages never show in the next.
  toast.remove();
  useNotificationStore.getState().clearNotifications();
  localStorage.clear();
  sessionStorage.clear();
});
