/** Chart colours and Ant Design tag colours of the sensitive-word severities (as the AI report's levels). */
export const SEVERITY_COLOR = { mild: '#faad14', moderate: '#fa8c16', severe: '#f5222d' } as const;
export const SEVERITY_TAG = { mild: 'gold', moderate: 'orange', severe: 'red' } as const;
