/**
 * Resources changed outside GraphQL (a REST write), by how many times. Kept apart from the GraphQL
 * client (`data-provider.ts`) so the query client can count changes without loading GraphQL, urql
 * and Refine on pages that never use them (the landing page, the portal).
 */
const changes = new Map<string, number>();

/**
 * Says that a resource's rows changed outside GraphQL. The query client calls it whenever queries
 * under `gqlKeys.resource(name)` are invalidated, so pages only invalidate, as for REST data.
 */
export function resourceChanged(resource: string): void {
  changes.set(resource, (changes.get(resource) ?? 0) + 1);
}

/** How many times a resource has changed so far (0 if never). */
export function changeCount(resource: string): number {
  return changes.get(resource) ?? 0;
}
