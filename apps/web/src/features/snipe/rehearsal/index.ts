export { RehearsalPanel } from './components/rehearsal-panel';
