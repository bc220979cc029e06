import { APP_ROLE } from './app-role';
import { connectPostgres } from './connect';

// `npm run db:migrate`: applies the migrations once, as the tables' owner, before a release's instances start — so
// the instances can sign in as the app role and hold no owner's password (deploy/install.sh runs it). It reads only
// the two database settings, not the whole production configuration.
async function main() {
  const appUrl = process.env.DATABASE_URL?.trim();
  const ownerUrl = process.env.DATABASE_OWNER_URL?.trim() || appUrl;
  if (!appUrl || !ownerUrl) {
    console.error('db:migrate: set DATABASE_URL (and DATABASE_OWNER_URL for the owner). PGlite migrates by itself when the server starts.');
    process.exit(1);
  }
  const database = await connectPostgres(appUrl, 1, ownerUrl);
  try {
    await database.migrate();
    console.log(`db:migrate: the database is up to date, and ${APP_ROLE} may read and write it (audit_log: read and add only)`);
  } finally {
    await database.close();
  }
}

main().catch((err: Error) => {
  console.error(`db:migrate: ${err.message}`);
  process.exit(1);
});
