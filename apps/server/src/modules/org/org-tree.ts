/** Pure rules of the organisation tree: building it with people counts, subtrees, and moves. */
import type { TOrgKind, TOrgTreeNode } from '@hxk/contracts';

export type FlatUnit = { id: string; parentId: string | null; name: string; kind: TOrgKind; sort: number };

/**
 * Nests units (already in sibling order) under their parents. `own` holds people per unit; every
 * node also gets the total of its subtree.
 */
export function buildTree(units: FlatUnit[], own: Map<string | null, number>): TOrgTreeNode[] {
  const nodes = new Map<string, TOrgTreeNode>(
    units.map((u) => [u.id, { ...u, ownCount: own.get(u.id) ?? 0, totalCount: 0, children: [] }]),
  );
  const roots: TOrgTreeNode[] = [];
  for (const u of units) {
    const node = nodes.get(u.id)!;
    const parent = u.parentId === null ? undefined : nodes.get(u.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const total = (n: TOrgTreeNode): number => (n.totalCount = n.ownCount + n.children.reduce((s, c) => s + total(c), 0));
  roots.forEach(total);
  return roots;
}

/** The unit and every unit below it. */
export function subtreeIds(units: FlatUnit[], id: string): string[] {
  const children = new Map<string, string[]>();
  for (const u of units) if (u.parentId !== null) children.set(u.parentId, [...(children.get(u.parentId) ?? []), u.id]);
  const out: string[] = [];
  const stack = [id];
  while (stack.length) {
    const cur = stack.pop()!;
    out.push(cur);
    stack.push(...(children.get(cur) ?? []));
  }
  return out;
}

/** Whether `target` is `id` itself or lies below it (moving `id` under `target` would make a cycle). */
export function isSelfOrDescendant(units: FlatUnit[], id: string, target: string): boolean {
  return subtreeIds(units, id).includes(target);
}
