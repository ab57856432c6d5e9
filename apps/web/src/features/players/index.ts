export { PlayersPage } from './components/players-page';
