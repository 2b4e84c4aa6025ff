import { Avatar } from '@mui/material';

/**
 * A student's photo, or the first letter of the name when there is none (new TAs learn faces). The
 * letter is drawn by CSS so the cell's text stays the name alone (copying, searching, tests).
 */
export function StudentAvatar({ name, url, size = 28 }: { name: string; url: string | undefined; size?: number }) {
  if (url) return <Avatar src={url} alt={`${name} 사진`} sx={{ width: size, height: size }} data-testid="student-photo" />;
  return (
    <Avatar
      aria-hidden
      sx={{ width: size, height: size, fontSize: size * 0.45, bgcolor: 'primary.dark', '&::after': { content: JSON.stringify(name.slice(0, 1)) } }}
      data-testid="student-initial"
    >
      {/* A child of its own, so MUI draws no fallback person icon under the letter. */}
      <span />
    </Avatar>
  );
}
