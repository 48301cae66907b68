/** The heatmap's colour scale: five steps of the primary blue, from free to fully used. */
export const HEAT_STEPS = [
  { max: 0, bg: '#f5f5f5', fg: 'rgba(0, 0, 0, 0.62)' },
  { max: 0.25, bg: '#d6e4ff', fg: 'rgba(0, 0, 0, 0.88)' },
  { max: 0.5, bg: '#91caff', fg: 'rgba(0, 0, 0, 0.88)' },
  { max: 0.75, bg: '#1668dc', fg: '#fff' },
  { max: 1, bg: '#003eb3', fg: '#fff' },
] as const;

/** The step of a share between 0 and 1 (0 is its own step: free all day). */
export function heatStep(share: number) {
  return HEAT_STEPS.find((s) => share <= s.max) ?? HEAT_STEPS[HEAT_STEPS.length - 1]!;
}

export const percentText = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)}%`;
