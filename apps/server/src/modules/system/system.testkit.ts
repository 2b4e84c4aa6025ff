import { systemApi } from '@academy/contracts/system';
import type { TestApp } from '../../../test/harness.ts';

/** A client error report, as the web app's error boundary sends it (anonymous, counted per address). */
export function logClientError(t: TestApp, over: { message?: string; url?: string; ip?: string } = {}) {
  const { ip, ...fields } = over;
  return t.api(systemApi.logError, {
    ip,
    body: { message: 'TypeError: x is undefined', stack: 'at Foo (app.js:1:1)', url: 'http://localhost:3000/crm/notice', timestamp: '2026-11-21T10:00:00Z', userAgent: 'Chromium', ...fields },
  });
}
