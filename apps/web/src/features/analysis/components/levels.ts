/** Ant Design tag colours of the warning levels. */
export const LEVEL_COLOR = { mild: 'gold', moderate: 'orange', severe: 'red' } as const;
