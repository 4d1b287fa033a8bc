// Session status badges: pending is filled (orange text on a light tint is below AA contrast).
export const SESSION_STATUSES = ['idle', 'pending', 'running'] as const;
export const SESSION_STATUS_COLORS = { idle: 'gray', pending: 'orange', running: 'blue' } as const;
export const SESSION_STATUS_VARIANTS = { idle: 'light', pending: 'filled', running: 'light' } as const;
