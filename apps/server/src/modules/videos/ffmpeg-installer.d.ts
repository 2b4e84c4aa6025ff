// @ffmpeg-installer/ffmpeg ships no types of its own: it resolves the binary of this platform's package.
declare module '@ffmpeg-installer/ffmpeg' {
  const installer: { path: string; version: string; url: string };
  export default installer;
}
