// For `npm run bench` (scripts/bench.mjs): prints, as JSON, the SQL statements and parameters the
// catalogue query (GET /api/products, docs/decisions/139-catalogue-query.md) sends to PostgreSQL
// for one query string, so the bench can time the same statements run directly, without the server.
//
//   node --import tsx apps/api/scripts/catalogue-query-sql.ts <postgres-url> '<query string>'
import { catalogueQuerySchema } from '@vastra/shared/schemas/catalogue-query';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createCatalogueQueryService } from '../src/modules/catalog/catalogue-query.service';

const [url, queryString = ''] = process.argv.slice(2);
if (!url) {
  console.error('Usage: catalogue-query-sql.ts <postgres-url> <query string>');
  process.exit(1);
}
const pool = new pg.Pool({ connectionString: url, max: 2 });
const statements: { sql: string; params: unknown[] }[] = [];
const db = drizzle({
  client: pool,
  logger: { logQuery: (sql, params) => statements.push({ sql, params }) },
});
try {
  const params = new URLSearchParams(queryString);
  const input = catalogueQuerySchema.parse(
    Object.fromEntries(
      [...new Set(params.keys())].map((k) => {
        const values = params.getAll(k);
        return [k, values.length === 1 ? values[0] : values];
      }),
    ),
  );
  await createCatalogueQueryService({ db }).query(input);
  process.stdout.write(JSON.stringify(statements));
} finally {
  await pool.end();
}
