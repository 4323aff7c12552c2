import type { CliContext } from "../cli-context";
import { seedDemoChat } from "../seed/demo-chat";
import { seedDemoSongs } from "../seed/demo-songs";
import { DEMO_PASSWORD, demoAccounts, seedDemoUsers } from "../seed/demo-users";

/** Idempotent demo data for a first look; each feature adds its seeder here. */
export async function seedDemo(ctx: CliContext): Promise<string> {
  const users = await seedDemoUsers(ctx);
  await seedDemoChat(ctx, users);
  await seedDemoSongs(ctx, { artistId: users.artist, agentId: users.agent1 });
  const lines = Object.values(demoAccounts).map(
    (a) => `  ${a.email.padEnd(20)} ${DEMO_PASSWORD}   ${a.admin ? "support agent" : "artist"}`,
  );
  return `Demo data ready. Sign in with:\n${lines.join("\n")}`;
}
