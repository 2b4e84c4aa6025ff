import { Outlet } from 'react-router';
import { PublicFrame } from './public-frame.tsx';

/** The open pages inside the app: the public frame around the route's page. */
export default function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
