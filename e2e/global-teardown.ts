import { rmSync } from 'node:fs';

/** Removes the run's SQLite file (and its WAL files) once the server has stopped. */
export default function globalTeardown() {
  const database = process.env.E2E_DATABASE;
  if (!database) return;
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${database}${suffix}`, { force: true });
}
