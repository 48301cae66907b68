import { describe, expect, it } from 'vitest';
import { buildTree, isSelfOrDescendant, subtreeIds, type FlatUnit } from './org-tree.ts';

const units: FlatUnit[] = [
  { id: '1', parentId: null, name: 'School', kind: 'school', sort: 0 },
  { id: '2', parentId: '1', name: 'Science', kind: 'college', sort: 0 },
  { id: '3', parentId: '1', name: 'Office', kind: 'office', sort: 1 },
  { id: '4', parentId: '2', name: 'Physics', kind: 'department', sort: 0 },
  { id: '5', parentId: '4', name: 'Optics', kind: 'department', sort: 0 },
];

describe('organisation tree rules', () => {
  it('nests units in order and sums people over each subtree', () => {
    const [root] = buildTree(units, new Map([['1', 2], ['2', 1], ['4', 3], ['5', 4]]));
    expect(root!.children.map((c) => c.name)).toEqual(['Science', 'Office']);
    expect(root!.totalCount).toBe(10);
    const science = root!.children[0]!;
    expect([science.ownCount, science.totalCount]).toEqual([1, 8]);
    expect(science.children[0]!.totalCount).toBe(7);
    expect(root!.children[1]!).toMatchObject({ ownCount: 0, totalCount: 0, children: [] });
  });

  it('finds a subtree', () => {
    expect(subtreeIds(units, '2').sort()).toEqual(['2', '4', '5']);
    expect(subtreeIds(units, '3')).toEqual(['3']);
  });

  it('refuses moves under the unit itself or below it, allows others', () => {
    expect(isSelfOrDescendant(units, '2', '2')).toBe(true);
    expect(isSelfOrDescendant(units, '2', '5')).toBe(true);
    expect(isSelfOrDescendant(units, '2', '3')).toBe(false);
    expect(isSelfOrDescendant(units, '5', '2')).toBe(false);
  });
});
