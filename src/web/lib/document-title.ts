/**
 * The tab's title, from three parts each set by its own owner, so the order
 * their effects run in does not matter: the screen's name for an artist and
 * for an agent (the routes, app/screen-titles.ts), who is signed in (the
 * shell), and the unread count (the shell, unread-total.ts).
 * "(3) Songs · Artist Portal".
 */
export const APP_TITLE = "Artist Portal";

interface TitleParts {
  screen: { artist: string | null; agent: string | null };
  agent: boolean;
  unread: number;
}

const parts: TitleParts = { screen: { artist: null, agent: null }, agent: false, unread: 0 };

/** The title these parts make. */
export function composeTitle({ screen, agent, unread }: TitleParts): string {
  const name = agent ? screen.agent : screen.artist;
  const base = name ? `${name} · ${APP_TITLE}` : APP_TITLE;
  return unread > 0 ? `(${unread}) ${base}` : base;
}

function apply(change: Partial<TitleParts>): void {
  Object.assign(parts, change);
  document.title = composeTitle(parts);
}

/** The screen's name (null: the portal's name alone), as an artist and as an agent see it. */
export const setScreenTitle = (screen: TitleParts["screen"]) => apply({ screen });
/** Whether an agent is signed in: their "/" is the Inbox, an artist's the Chats. */
export const setTitleAgent = (agent: boolean) => apply({ agent });
/** Unread messages: "(N) " before the title while there are some. */
export const setUnreadInTitle = (unread: number) => apply({ unread });
