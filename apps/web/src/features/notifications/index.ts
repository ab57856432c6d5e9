export { NotificationsDropdown } from './components/notifications-dropdown';
