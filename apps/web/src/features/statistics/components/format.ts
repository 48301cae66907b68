/** A percentage with one decimal ("82.5%"), or a dash when there is nothing to compute it from. */
export const percentText = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v.toFixed(1)}%`);
