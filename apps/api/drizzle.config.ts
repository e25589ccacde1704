import { defineConfig } from 'drizzle-kit';

// Generation only (`npm run db:generate -w @vastra/api`): it reads the schema, not a database.
// Migrations are applied by the server at start-up (src/db/client.ts), never with `push`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './src/db/migrations',
});
