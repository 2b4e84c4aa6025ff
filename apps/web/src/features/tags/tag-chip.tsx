import { Chip, type ChipProps } from '@mui/material';

/** A tag as a small coloured chip; text colour follows the background's brightness. */
export function TagChip({ name, color, ...rest }: { name: string; color: string } & Omit<ChipProps, 'label' | 'color'>) {
  return <Chip size="small" label={name} sx={{ bgcolor: color, color: readableOn(color), fontWeight: 500, ...rest.sx }} {...rest} />;
}

export function readableOn(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? '#1b1b1b' : '#ffffff';
}
