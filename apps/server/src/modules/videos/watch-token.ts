import { createHash } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** Long enough for the longest recording at half speed, short enough to be worthless tomorrow. */
export const WATCH_TOKEN_TTL_SEC = 12 * 60 * 60;
const PURPOSE = 'video-progress';

export type WatchTokens = ReturnType<typeof createWatchTokens>;

/**
 * The ticket a player carries for its progress reports when it cannot send the Authorization
 * header (navigator.sendBeacon on leaving the page). It names one student and one video and is
 * signed with a key of its own (derived from the server secret), so it is worth nothing as a
 * sign-in token and nothing for another video or student.
 */
export function createWatchTokens(opts: { secret: string; now: () => Date }) {
  const key = createHash('sha256').update(`video-watch:${opts.secret}`).digest();
  return {
    async sign(claims: { userId: number; videoId: number }): Promise<string> {
      const iat = Math.floor(opts.now().getTime() / 1000);
      return new SignJWT({ vid: claims.videoId, pur: PURPOSE })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuedAt(iat)
        .setExpirationTime(iat + WATCH_TOKEN_TTL_SEC)
        .sign(key);
    },
    /** The student and video the ticket was made for, or null (forged, expired, another purpose). */
    async verify(token: string): Promise<{ userId: number; videoId: number } | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: opts.now() });
        const userId = Number(payload.sub);
        const videoId = Number(payload.vid);
        if (payload.pur !== PURPOSE || !Number.isInteger(userId) || !Number.isInteger(videoId)) return null;
        return { userId, videoId };
      } catch {
        return null;
      }
    },
  };
}
