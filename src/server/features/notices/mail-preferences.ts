import type { DatabaseHandle } from "../../db/database";
import type { MailPreferences } from "../../../shared/mail-preferences";
import {
  readMailPreferences,
  saveMailPreferences,
  setUnreadNotices,
  userExists,
} from "./preference-repository";

/**
 * A person's mail switches, as the settings screen and the one-click
 * unsubscribe change them (the routes' one door to the preferences' SQL).
 */
export class MailPreferenceService {
  constructor(private readonly database: DatabaseHandle) {}

  read(userId: string): Promise<MailPreferences> {
    return readMailPreferences(this.database.db, userId);
  }

  save(
    userId: string,
    update: Parameters<typeof saveMailPreferences>[2],
  ): Promise<MailPreferences> {
    return saveMailPreferences(this.database, userId, update);
  }

  /** Turns unread-message mail off; false when the account no longer exists. */
  async unsubscribe(userId: string): Promise<boolean> {
    if (!(await userExists(this.database.db, userId))) return false;
    await setUnreadNotices(this.database, userId, false);
    return true;
  }
}
