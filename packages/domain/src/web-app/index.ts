// Its schemas speak plainly here too (the error map installs with the errors module).
import '../errors.js';
export * from './page-api.js';
