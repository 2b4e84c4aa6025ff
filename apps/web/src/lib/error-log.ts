import { systemApi } from '@academy/contracts/system';
import { call } from './call.ts';

/** SPEC §3 error-log payload. Sent without the overlay; a failure to log must never raise another error. */
export async function sendErrorLog(error: unknown): Promise<void> {
  const err = error instanceof Error ? error : new Error(String(error));
  try {
    await call(
      systemApi.logError,
      {
        body: {
          message: err.message.slice(0, 2000) || err.name,
          stack: (err.stack ?? '').slice(0, 8000),
          url: window.location.href,
          timestamp: new Date().toISOString(),
          userAgent: navigator.userAgent,
        },
      },
      { overlay: false, retryOn401: false },
    );
  } catch {
    // nothing more to do: the page reloads anyway
  }
}
