import { createPgTemplate } from './database.ts';

export default async function setup() {
  await createPgTemplate();
}
