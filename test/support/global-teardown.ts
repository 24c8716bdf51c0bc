export default async function globalTeardown() {
  const pg = (globalThis as { __PG__?: { stop: () => Promise<void> } }).__PG__;
  if (pg) await pg.stop();
}
