import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @tradedesk/server` writes SQL migrations into drizzle/ (committed).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
