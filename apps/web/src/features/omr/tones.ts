/** Status chips in the alert palette's tones: dark text on a light fill keeps AA contrast. */
export const TONE = {
  warning: { bgcolor: '#fff4e5', color: '#663c00' },
  error: { bgcolor: '#fdeded', color: '#5f2120' },
  success: { bgcolor: '#edf7ed', color: '#1e4620' },
} as const;
