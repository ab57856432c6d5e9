export { ShortcutsSection, storedShortcutsOf } from './components/shortcuts-section';
