/** The teaching modes' tag colours, the same wherever a mode is shown. */
export const MODE_COLOR = { practice: 'green', lecture: 'blue', dialogue: 'gold', mixed: 'purple' } as const;
