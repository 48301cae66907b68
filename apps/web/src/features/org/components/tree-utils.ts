import type { TOrgTreeNode } from '@hxk/contracts/org';

/** Every node of the tree, depth first. */
export function flatten(nodes: TOrgTreeNode[]): TOrgTreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

export function findNode(nodes: TOrgTreeNode[], id: string): TOrgTreeNode | undefined {
  return flatten(nodes).find((n) => n.id === id);
}

/** Ids of nodes whose name holds `text`, with their ancestors (to expand and keep while searching). */
export function matchWithAncestors(nodes: TOrgTreeNode[], text: string): { hits: Set<string>; keep: Set<string> } {
  const hits = new Set<string>();
  const keep = new Set<string>();
  const q = text.trim().toLowerCase();
  const walk = (n: TOrgTreeNode, path: string[]): boolean => {
    const self = q !== '' && n.name.toLowerCase().includes(q);
    const below = n.children.map((c) => walk(c, [...path, n.id])).some(Boolean);
    if (self) hits.add(n.id);
    if (self || below) {
      keep.add(n.id);
      path.forEach((p) => keep.add(p));
    }
    return self || below;
  };
  nodes.forEach((n) => walk(n, []));
  return { hits, keep };
}

/**
 * Where a drop in the tree puts the dragged unit: into `target` (first child), or before/after it
 * among its siblings. Null when the drop makes no sense (beside the school root).
 */
export function dropTarget(
  nodes: TOrgTreeNode[],
  dragId: string,
  targetId: string,
  dropToGap: boolean,
  side: -1 | 0 | 1,
): { parentId: string; index: number } | null {
  const target = findNode(nodes, targetId);
  if (!target) return null;
  if (!dropToGap) return { parentId: target.id, index: 0 };
  if (target.parentId === null) return null;
  const parent = findNode(nodes, target.parentId)!;
  const siblings = parent.children.filter((c) => c.id !== dragId);
  const at = siblings.findIndex((c) => c.id === targetId);
  return { parentId: parent.id, index: side === -1 ? at : at + 1 };
}

/** Ids of the units above `id`, nearest last. */
export function ancestorsOf(nodes: TOrgTreeNode[], id: string): string[] {
  const byId = new Map(flatten(nodes).map((n) => [n.id, n]));
  const out: string[] = [];
  for (let cur = byId.get(id); cur?.parentId; cur = byId.get(cur.parentId)) out.unshift(cur.parentId);
  return out;
}
