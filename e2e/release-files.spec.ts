import { expect, test } from "@playwright/test";
import { freshEmail, register } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import type { ReleaseFixture } from "./support/release-files";
import { details, expectSaved, startRelease, track, upload } from "./support/release-form";

const artworkRefusals: [ReleaseFixture, string][] = [
  ["small-1400.jpg", "Artwork must be at least 3000 × 3000 px (this image is 1400 × 1400 px)."],
  ["wide-3000x2000.jpg", "Artwork must be square (this image is 3000 × 2000 px)."],
  ["cmyk.jpg", "Artwork must be in RGB colour (this image is CMYK)."],
  ["transparent.png", "Artwork must not be transparent."],
];

const audioRefusals: [ReleaseFixture, string][] = [
  ["song.mp3", "Audio must be a WAV or FLAC file (this file is MP3)."],
  ["low-rate-22050.wav", "Audio must be 44.1 kHz or higher (this file is 22.05 kHz)."],
  ["eight-bit.wav", "Audio must be 16 or 24-bit (this file is 8-bit)."],
  ["mono.wav", "Audio must be stereo (this file is mono)."],
  ["ten-seconds.wav", "Audio must be at least 30 seconds long."],
  ["truncated.wav", "This audio file could not be read. Export it again as WAV or FLAC."],
];

test("each artwork and audio refusal is shown beside its field in the server's words, the file before it stays, silence is a warning", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await register(page, "Meera Files", freshEmail("release-files"));
  await startRelease(page);
  const release = details(page);
  const artwork = release.getByLabel("Artwork", { exact: true });

  await upload(artwork, "artwork.jpg");
  await expect(release.getByText("3000 × 3000 px · JPG")).toBeVisible();
  await expect(release.getByRole("img", { name: "Artwork preview" })).toBeVisible();
  for (const [file, message] of artworkRefusals) {
    await upload(artwork, file);
    await expect(release.getByRole("alert")).toHaveText(message, { timeout: 20_000 });
    await expect(artwork).toHaveAccessibleDescription(new RegExp(escape(message)));
    // The artwork before the refused file is still the release's.
    await expect(release.getByText("3000 × 3000 px · JPG")).toBeVisible();
  }

  await page.getByRole("button", { name: "Add track" }).click();
  const first = track(page, 1);
  const audio = first.getByLabel("Audio file");
  await upload(audio, "song.wav");
  await expect(first.getByText("44.1 kHz · 16-bit · stereo · WAV")).toBeVisible({
    timeout: 30_000,
  });
  await expect(first.getByText("Duration 0:31")).toBeVisible();
  await expect(page.getByRole("region", { name: "Summary" })).toContainText("Total duration: 0:31");
  for (const [file, message] of audioRefusals) {
    await upload(audio, file);
    await expect(first.getByRole("alert")).toHaveText(message, { timeout: 30_000 });
    await expect(first.getByText("song.wav")).toBeVisible();
  }
  await expectAccessible(page);

  // Silence at the end is kept with the file, as a warning beside the track.
  await upload(audio, "silent-end.wav");
  await expect(first.getByText("silent-end.wav")).toBeVisible({ timeout: 30_000 });
  await expect(first.getByRole("alert")).toHaveCount(0);
  const warning =
    "Silence of 12 s at the end. Stores refuse more than 10 s of silence at the start or end.";
  await expect(first.getByText(warning)).toBeVisible();
  await expect(first.getByText("Duration 0:32")).toBeVisible();
  await expectSaved(page);
  // The server's answer agrees: after a reload the warning is still there.
  await page.reload();
  await expect(track(page, 1).getByText(warning)).toBeVisible();
  await expect(details(page).getByText("3000 × 3000 px · JPG")).toBeVisible();
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
