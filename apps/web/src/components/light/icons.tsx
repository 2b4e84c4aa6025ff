import s from './icons.module.css';

/*
 * The light pages draw Material icons as plain SVG paths: the same drawings as @mui/icons-material
 * (Apache-2.0), without MUI's SvgIcon and emotion. A drawing is a constant kept beside the code that
 * uses it, so a page's chunk carries only its own.
 */
export const errorOutlineIcon = 'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z';

/** A 24 × 24 icon in `currentColor`, sized by the font size like MUI's icons (1.5rem unless `size` says otherwise). */
export function Icon({ path, size, className }: { path: string; size?: number; className?: string }) {
  return (
    <svg className={className ? `${s.icon} ${className}` : s.icon} style={size ? { fontSize: size } : undefined} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}
