import LinearProgress, { type LinearProgressProps } from '@mui/material/LinearProgress';
import { forwardRef } from 'react';

/**
 * The bar a Data Grid shows over its rows while it fetches them again. It is hidden from assistive
 * technology: the grid's role owns rows only (a progress bar inside it fails axe's
 * aria-required-children, and an unnamed one aria-progressbar-name), and the rows it covers stay
 * readable meanwhile.
 */
export const GridLoadingBar = forwardRef<HTMLSpanElement, LinearProgressProps>(function GridLoadingBar(props, ref) {
  return <LinearProgress ref={ref} {...props} aria-hidden />;
});
