/**
 * Prints, as JSON, what the bundled catalogue's public reads answer by address
 * (`catalogueAnswers`). The web build (apps/web/build/prerender.ts) runs it to prerender the plans
 * pages with their prices; the server sends those pages only while it answers the same.
 */
import { catalogueAnswers, loadCatalogue } from '../src/modules/payment/catalogue.js';

process.stdout.write(JSON.stringify(catalogueAnswers(loadCatalogue())));
