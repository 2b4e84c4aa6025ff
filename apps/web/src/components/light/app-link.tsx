import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useNavigation } from '../../lib/navigation.ts';

/**
 * A link to a page of the app: a real `<a href>` (new tab, copy link and crawlers work), whose
 * plain click navigates without reloading, through the router or the landing shell.
 */
export function AppLink({ to, onClick, ...rest }: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const navigation = useNavigation();
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (!navigation || e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey || (rest.target && rest.target !== '_self')) return;
    e.preventDefault();
    navigation.navigate(to);
  };
  return <a href={to} onClick={click} {...rest} />;
}
