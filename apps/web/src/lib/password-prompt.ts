/**
 * The portal asks a student still on the initial password to change it once per sign-in: "다음에"
 * hides the question until the next sign-in (signing in clears the mark).
 */
const KEY = 'academy:password-prompt-dismissed';

export function passwordPromptDismissed(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function dismissPasswordPrompt(): void {
  try {
    localStorage.setItem(KEY, '1');
  } catch {
    // Without storage the question simply comes back on the next page load.
  }
}

export function resetPasswordPrompt(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing to reset
  }
}
