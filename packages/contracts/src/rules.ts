import type { z } from 'zod';

/**
 * A cross-field rule's finding: where (the field path), what (a Korean message) and which error
 * code the server answers with. Rules are plain functions, so a form can run them too.
 */
export type RuleIssue = { path: (string | number)[]; message: string; code: string };

/** Adds rule issues to a zod refinement, each carrying its own error code. */
export function reportIssues(ctx: z.core.$RefinementCtx, issues: RuleIssue[]): void {
  for (const i of issues) ctx.addIssue({ code: 'custom', path: i.path, message: i.message, params: { code: i.code } });
}
