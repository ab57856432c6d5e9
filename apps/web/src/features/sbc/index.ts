export { SbcPage } from './components/sbc-page';
