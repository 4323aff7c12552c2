import type { CliContext } from "../cli-context";
import { seedDemoChat } from "../seed/demo-chat";
import { seedDemoReleases } from "../seed/demo-releases";
import { seedDemoSongs } from "../seed/demo-songs";
import { seedDemoRelease } from "../seed/demo-release";
import { seedDemoStatements } from "../seed/demo-statements";
import { DEMO_PASSWORD, demoAccounts, demoRoleOf, seedDemoUsers } from "../seed/demo-users";

/** Idempotent demo data for a first look; each feature adds its seeder here. */
export async function seedDemo(ctx: CliContext): Promise<string> {
  const users = await seedDemoUsers(ctx);
  await seedDemoChat(ctx, users);
  await seedDemoSongs(ctx, { artistId: users.artist, agentId: users.agent1 });
  await seedDemoReleases(ctx, { artistId: users.artist, agentId: users.agent1 });
  // Issue 46: the approved release the demo statements match (its own ISRC range, 9xxxx).
  await seedDemoRelease(ctx, users.artist);
  await seedDemoStatements(ctx, users.finance);
  const lines = Object.values(demoAccounts).map(
    (a) => `  ${a.email.padEnd(20)} ${DEMO_PASSWORD}   ${demoRoleOf(a)}`,
  );
  return `Demo data ready. Sign in with:\n${lines.join("\n")}`;
}
