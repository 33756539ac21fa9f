/**
 * A node of PostgreSQL's `explain (format json)` plan, as the plan tests read it: its type, the
 * relation and index it scans, its conditions, its buffers (with `analyze, buffers`) and children.
 */
export interface PlanNode {
  readonly 'Node Type': string;
  readonly 'Relation Name'?: string;
  readonly 'Index Name'?: string;
  readonly 'Index Cond'?: string;
  readonly 'Recheck Cond'?: string;
  readonly 'Shared Hit Blocks'?: number;
  readonly 'Shared Read Blocks'?: number;
  readonly Plans?: readonly PlanNode[];
}

/** The rows `explain (format json)` answers: one, whose `QUERY PLAN` holds the plan. */
export type ExplainRow = { 'QUERY PLAN': { Plan: PlanNode }[] };

/** `node` and every node under it, depth first. */
export const planNodes = (node: PlanNode): PlanNode[] => [
  node,
  ...(node.Plans ?? []).flatMap(planNodes),
];

/** The pages a node (with everything under it) found in shared buffers or read, with `buffers`. */
export const pagesOf = (node: PlanNode): number =>
  (node['Shared Hit Blocks'] ?? 0) + (node['Shared Read Blocks'] ?? 0);
