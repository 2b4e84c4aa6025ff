import { Box, Link } from '@mui/material';
import type { ReactNode } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+|www\.[^\s<>"']+)/gi;

/**
 * A post's text as text: line breaks kept, web addresses made into links (http and https only,
 * opened in a new tab without telling the site where it came from), and nothing else ever
 * interpreted — whatever markup a writer types shows as the characters they typed.
 */
export function PostBody({ text, testId }: { text: string; testId?: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_PATTERN)) {
    const at = m.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    const raw = m[0].replace(/[).,!?]+$/, '');
    const href = raw.toLowerCase().startsWith('www.') ? `https://${raw}` : raw;
    parts.push(
      <Link key={at} href={href} target="_blank" rel="nofollow ugc noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
        {raw}
      </Link>,
    );
    if (raw.length < m[0].length) parts.push(m[0].slice(raw.length));
    last = at + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <Box sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', lineHeight: 1.8 }} data-testid={testId}>
      {parts}
    </Box>
  );
}
