/** The signed-in user as the API returns it (GET /api/me). */
export interface CreatedAtParts {
  year: number;
  month: number;
  day: number;
}

export interface PublicUser {
  id: string;
  email: string;
  username: string;
  artistName: string;
  admin: boolean;
  createdAt: CreatedAtParts;
  bio: string | null;
  profilePicture: string | null;
  spotifyUrl: string | null;
  appleMusicUrl: string | null;
  youtubeUrl: string | null;
}

export function createdAtParts(date: Date): CreatedAtParts {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** What the profile card shows: artist name, falling back to the username. */
export function displayName(user: Pick<PublicUser, "artistName" | "username">): string {
  return user.artistName.trim() || user.username;
}
