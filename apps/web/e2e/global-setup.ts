import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

/** One real server for the whole browser suite; each test file launches its own browser against it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  return server.stop;
}
