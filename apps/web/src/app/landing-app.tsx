import { useEffect, useMemo, useState } from 'react';
import { NavigationContext, type Navigation } from '../lib/navigation.ts';
import LandingPage from '../routes/public/landing.tsx';
import { PublicFrame } from './layouts/public-frame.tsx';

/**
 * A first visit of the landing page: the page in its frame and nothing else, no router, no query
 * library, no MUI. The section links (/#courses) stay here; any other link hands over to the app
 * (`leave`), which loads while this page stays on screen.
 */
export default function LandingApp({ leave }: { leave: (to: string) => void }) {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const sync = () => setHash(window.location.hash);
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, []);
  const navigation = useMemo<Navigation>(
    () => ({
      hash,
      navigate: (to) => {
        const url = new URL(to, window.location.href);
        if (url.pathname !== '/') return leave(`${url.pathname}${url.search}${url.hash}`);
        if (`${url.pathname}${url.hash}` !== `${window.location.pathname}${window.location.hash}`) window.history.pushState(null, '', `/${url.hash}`);
        setHash(url.hash);
      },
    }),
    [hash, leave],
  );
  return (
    <NavigationContext.Provider value={navigation}>
      <PublicFrame>
        <LandingPage />
      </PublicFrame>
    </NavigationContext.Provider>
  );
}
