import type { TestProject } from 'vitest/node';
import { prepareDemoTemplate } from './server.ts';

/**
 * The demo data is migrated and seeded once per run into a template folder; every test file then
 * starts its own server on a copy of it (serverForFile in server.ts), so files run side by side.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await prepareDemoTemplate();
  project.provide('e2eTemplate', template.dir);
  return template.remove;
}
