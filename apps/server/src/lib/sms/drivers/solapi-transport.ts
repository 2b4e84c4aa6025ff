import { getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from 'undici';

export const SOLAPI_ORIGIN = 'https://api.solapi.com';

let current: { target: URL; timeoutMs: number } | null = null;

/**
 * The solapi SDK calls the global `fetch` on a fixed address with no timeout. This puts one
 * interceptor in front of the process's fetch dispatcher that touches only requests to
 * api.solapi.com: they get a timeout (headers and body, `timeoutMs`), and go to `baseUrl` when it
 * differs (a local server speaking the provider's API in tests, or an egress gateway). Every other
 * request of the process is left as it was. The settings are the process's (they come from the
 * environment): configuring again replaces them.
 */
export function configureSolapiTransport(opts: { baseUrl: string; timeoutMs: number }): void {
  const first = current === null;
  current = { target: new URL(opts.baseUrl.replace(/\/$/, '')), timeoutMs: opts.timeoutMs };
  if (!first) return;
  const intercept = (dispatch: Dispatcher['dispatch']): Dispatcher['dispatch'] => (options, handler) => {
    if (!current || String(options.origin ?? '').replace(/\/$/, '') !== SOLAPI_ORIGIN) return dispatch(options, handler);
    const { target, timeoutMs } = current;
    const basePath = target.pathname.replace(/\/$/, '');
    return dispatch({ ...options, origin: target.origin, path: `${basePath}${options.path}`, headersTimeout: timeoutMs, bodyTimeout: timeoutMs }, handler);
  };
  setGlobalDispatcher(getGlobalDispatcher().compose(intercept));
}
