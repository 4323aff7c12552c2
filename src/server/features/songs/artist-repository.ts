import type { Kysely } from "kysely";
import type { ArtistOption } from "../../../shared/song-schemas";
import { containsText } from "../../db/contains-text";
import type { DatabaseHandle } from "../../db/database";
import type { Database } from "../../db/schema";

const ARTIST_SEARCH_LIMIT = 50;

/** Artists (non-admin accounts) whose name or email contains the text, for the desk's picker. */
export async function searchArtists(
  database: DatabaseHandle,
  text: string | undefined,
): Promise<ArtistOption[]> {
  let query = database.db
    .selectFrom("user")
    .select(["id", "artistName", "email"])
    .where("admin", "=", database.bool(false))
    .orderBy("artistName")
    .orderBy("id")
    .limit(ARTIST_SEARCH_LIMIT);
  if (text) {
    query = query.where((eb) =>
      eb.or([containsText(eb.ref("artistName"), text), containsText(eb.ref("email"), text)]),
    );
  }
  return query.execute();
}

export async function findArtist(
  db: Kysely<Database>,
  id: string,
): Promise<{ id: string; admin: boolean | number } | undefined> {
  return db.selectFrom("user").select(["id", "admin"]).where("id", "=", id).executeTakeFirst();
}
