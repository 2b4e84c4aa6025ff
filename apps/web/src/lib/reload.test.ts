import { describe, expect, test, vi } from 'vitest';
import { reloadOnce } from './reload.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('reloadOnce', () => {
  test('reloads at most once per 10 s so a page broken on load cannot loop', () => {
    const reload = vi.fn();
    vi.stubGlobal('window', { location: { reload } });
    vi.useFakeTimers();
    const storage = memoryStorage();
    expect(reloadOnce({ delayMs: 100, now: 1_000_000, storage })).toBe(true);
    vi.advanceTimersByTime(100);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnce({ delayMs: 100, now: 1_005_000, storage })).toBe(false);
    expect(reloadOnce({ delayMs: 100, now: 1_011_000, storage })).toBe(true);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
});

describe('reloadWhenBackOnline', () => {
  test('offline, it waits for the online event and reloads then; online, it leaves the decision to reloadOnce', async () => {
    const reload = vi.fn();
    const listeners = new Map<string, () => void>();
    vi.stubGlobal('window', { location: { reload }, addEventListener: (type: string, fn: () => void) => listeners.set(type, fn) });
    vi.stubGlobal('navigator', { onLine: false });
    const { reloadWhenBackOnline } = await import('./reload.ts');
    expect(reloadWhenBackOnline()).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    listeners.get('online')?.();
    expect(reload).toHaveBeenCalledTimes(1);
    vi.stubGlobal('navigator', { onLine: true });
    expect(reloadWhenBackOnline()).toBe(false);
    vi.unstubAllGlobals();
  });
});
