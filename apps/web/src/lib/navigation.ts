import { createContext, useContext } from 'react';

/**
 * How the light components move within the app without knowing React Router: inside the app the
 * router provides it (client-side navigation, the location's hash); on a first visit to the landing
 * page, which loads no router, the landing shell does (it hands over to the app for any other page).
 */
export type Navigation = {
  navigate: (to: string) => void;
  /** The current location's hash ("#courses" or ""). */
  hash: string;
};

export const NavigationContext = createContext<Navigation | null>(null);

/** The current navigation, or null outside both (links then load the page). */
export function useNavigation(): Navigation | null {
  return useContext(NavigationContext);
}
