import { describe, expect, it } from 'vitest';
import type { TOrgTreeNode } from '@hxk/contracts/org';
import { ancestorsOf, dropTarget, matchWithAncestors } from './tree-utils.ts';

const node = (id: string, parentId: string | null, name: string, children: TOrgTreeNode[] = []): TOrgTreeNode => ({
  id, parentId, name, kind: parentId ? 'college' : 'school', sort: 0, ownCount: 0, totalCount: 0, children,
});
const tree = [node('1', null, 'School', [node('2', '1', 'Science', [node('4', '2', 'Physics')]), node('3', '1', 'Arts')])];

describe('organisation tree helpers', () => {
  it('finds matches with their ancestors', () => {
    const { hits, keep } = matchWithAncestors(tree, 'phys');
    expect([...hits]).toEqual(['4']);
    expect([...keep].sort()).toEqual(['1', '2', '4']);
    expect(matchWithAncestors(tree, ' ').keep.size).toBe(0);
  });

  it('lists the ancestors of a unit', () => {
    expect(ancestorsOf(tree, '4')).toEqual(['1', '2']);
    expect(ancestorsOf(tree, '1')).toEqual([]);
  });

  it('turns drops into a parent and a position', () => {
    expect(dropTarget(tree, '3', '2', false, 0)).toEqual({ parentId: '2', index: 0 });
    expect(dropTarget(tree, '3', '2', true, -1)).toEqual({ parentId: '1', index: 0 });
    expect(dropTarget(tree, '2', '3', true, 1)).toEqual({ parentId: '1', index: 1 });
    expect(dropTarget(tree, '4', '3', true, 1)).toEqual({ parentId: '1', index: 2 });
    expect(dropTarget(tree, '2', '1', true, 1)).toBeNull();
  });
});
