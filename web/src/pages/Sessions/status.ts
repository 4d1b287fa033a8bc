export const SESSION_STATUS_COLORS = { idle: 'gray', pending: 'orange', running: 'blue' } as const;
