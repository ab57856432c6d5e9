export { SnipeDashboard } from './components/snipe-dashboard';
