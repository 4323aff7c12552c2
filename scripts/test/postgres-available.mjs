// Exits 0 when the PostgreSQL for the second integration pass answers; else prints why.
import pg from "pg";

const url = process.argv[2];
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.query("select 1");
  await client.end();
} catch (err) {
  console.log(err instanceof Error ? err.message || err.constructor.name : String(err));
  process.exit(1);
}
