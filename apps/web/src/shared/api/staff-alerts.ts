/** The back office's counts of what waits for staff (the sidebar): refreshed after a change. */
export const staffAlertsKey = ['admin', 'alerts'] as const;
