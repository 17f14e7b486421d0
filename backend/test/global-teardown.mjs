export default async function globalTeardown() {
  await globalThis.__LMS_PG__?.stop();
}
