import {
  NOTIFICATION_TYPES,
  type NotificationPreferences,
  type NotificationType,
} from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

/** A type's e-mail is on unless the user switched it off. */
export function mailOn(stored: Partial<Record<string, boolean>>, type: NotificationType): boolean {
  return stored[type] !== false;
}

function complete(stored: Partial<Record<string, boolean>>): NotificationPreferences {
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [type, mailOn(stored, type)]),
  ) as NotificationPreferences;
}

/** The user's e-mail switches, one per notification type (on unless switched off). */
export async function getPreferences(
  db: Executor,
  userId: string,
): Promise<NotificationPreferences> {
  const [row] = await db
    .select({ preferences: users.notificationPreferences })
    .from(users)
    .where(eq(users.id, userId));
  return complete(row?.preferences ?? {});
}

export async function updatePreferences(
  db: Executor,
  userId: string,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  await db
    .update(users)
    .set({ notificationPreferences: preferences, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  return getPreferences(db, userId);
}

/**
 * Whether the user wants the e-mail of this notification type. Mails of a notification type
 * are queued only when this says yes, so a switched-off type never reaches the mail worker.
 */
export async function wantsMail(
  db: Executor,
  userId: string,
  type: NotificationType,
): Promise<boolean> {
  return (await getPreferences(db, userId))[type];
}
