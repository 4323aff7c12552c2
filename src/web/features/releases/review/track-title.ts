/** A track as lists name it: "First Rain (Acoustic)", or "Untitled track". */
export function trackDisplayTitle(track: { title: string; version: string }): string {
  const title = track.title.trim() || "Untitled track";
  return track.version.trim() ? `${title} (${track.version.trim()})` : title;
}
