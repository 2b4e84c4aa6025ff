import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('./fatal.fixture.ts', import.meta.url));

function run(mode: 'throw' | 'reject'): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, mode], { cwd: fileURLToPath(new URL('../..', import.meta.url)), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('a fatal error ends the process with a non-zero code, so the supervisor restarts it (issue 16 item 8)', () => {
  it.each([
    ['an exception thrown in a callback', 'throw', 'boom in a callback'],
    ['a rejected promise nobody awaited', 'reject', 'nobody awaited this'],
  ] as const)('%s: logged, shut down, exit code 1', async (_name, mode, message) => {
    const { code, stdout, stderr } = await run(mode);
    expect(code).toBe(1);
    expect(stdout).toContain('started');
    expect(stdout).toContain('closed');
    const line = JSON.parse(stderr.trim().split('\n').find((l) => l.includes('"fatal"'))!);
    expect(line).toMatchObject({ level: 'fatal', err: message });
    expect(line.msg).toContain(mode === 'throw' ? 'uncaughtException' : 'unhandledRejection');
  }, 30_000);
});
