import pg from 'pg';

// Where the browser tests' server keeps its data (tests/e2e/serve.ts): a PostgreSQL database named by the run's
// port when DATABASE_URL is set, as in CI; else PGlite inside the server's own process, out of a test's reach.

/** The server's database on PostgreSQL, named by the run's port (E2E_PORT, as serve.ts reads it). */
export const e2eDatabaseName = (port = process.env.E2E_PORT ?? '4317') => `partyon_e2e_${port}`;

/** The server's database as a URL on the cluster of DATABASE_URL; null on PGlite. */
export function e2eDatabaseUrl(): string | null {
  const admin = process.env.DATABASE_URL;
  if (!admin) return null;
  const url = new URL(admin);
  url.pathname = `/${e2eDatabaseName()}`;
  return url.toString();
}

/**
 * Moves the end of the student's unpaid hold of the party to `endsInMs` from now, as if the seat had been taken
 * nearly 15 minutes ago: the one part of a hold running out that a test cannot wait for. The rest is the app's own —
 * the phone's clock reaching the end, the server's sweep releasing the seat and writing the notice. PostgreSQL only.
 */
export async function shortenHold(userId: number, partyId: number, endsInMs: number) {
  const url = e2eDatabaseUrl();
  if (!url) throw new Error('shortenHold needs the server on PostgreSQL (DATABASE_URL)');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      "update participations set hold_expires_at = $1 where user_id = $2 and party_id = $3 and status = 'pending'",
      [new Date(Date.now() + endsInMs).toISOString(), userId, partyId],
    );
    if (rowCount !== 1) throw new Error(`no unpaid hold of student ${userId} in party ${partyId}`);
  } finally {
    await client.end();
  }
}
