import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SplitCollaborator, TrackSplits } from "../../../../shared/responses/splits";
import { SplitsForm } from "./splits-form";
import { savedMessage } from "./use-splits-form";

const collaborator = (over: Partial<SplitCollaborator>): SplitCollaborator => ({
  id: "s1",
  email: "priya@example.com",
  shareBasisPoints: 2500,
  share: "25",
  state: "invited",
  invitedAt: Date.UTC(2026, 11, 1),
  expiresAt: Date.UTC(2026, 11, 31),
  answeredAt: null,
  heldPaise: 8500,
  heldLine: "Held for priya@example.com until they accept",
  ...over,
});

const splits = (collaborators: SplitCollaborator[]): TrackSplits => ({
  releaseId: "r1",
  trackId: "t1",
  trackTitle: "Rain Song",
  collaborators,
  ownShareBasisPoints: 0,
  ownShareLine: "",
  appliesNote: "Applies to earnings imported from now on.",
  invited: [],
  maxCollaborators: 20,
});

const render = (data: TrackSplits) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <SplitsForm
        releaseId="r1"
        trackId="t1"
        splits={data}
        idPrefix="t1"
        reload={() => Promise.resolve(data)}
      />
    </QueryClientProvider>,
  );

describe("SplitsForm", () => {
  it("shows each collaborator's labelled email and share, its state and what is held, and the artist's share", () => {
    const html = render(
      splits([
        collaborator({}),
        collaborator({
          id: "s2",
          email: "ravi@example.com",
          share: "15",
          shareBasisPoints: 1500,
          state: "accepted",
          heldPaise: 0,
          heldLine: null,
        }),
      ]),
    );
    expect(html).toContain("You: 60%");
    expect(html).toMatch(/<legend[^>]*>Collaborator 1<\/legend>/);
    expect(html).toMatch(/<legend[^>]*>Collaborator 2<\/legend>/);
    expect(html.match(/<label[^>]*>Collaborator email<\/label>/g)).toHaveLength(2);
    expect(html.match(/<label[^>]*>Share \(%\)<\/label>/g)).toHaveLength(2);
    expect(html).toContain('value="priya@example.com"');
    expect(html).toContain('value="25"');
    expect(html).toContain("Held for priya@example.com until they accept: <strong");
    expect(html).toContain("Rs.85.00");
    expect(html).toMatch(/Invited · waiting for an answer until/);
    expect(html).toMatch(/>Accepted</);
    expect(html.match(/>Remove<\/button>/g)).toHaveLength(2);
    // Nothing changed yet: nothing to save.
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Save splits<\/button>/);
    expect(html).not.toContain("Add up to 20 collaborators.");
  });

  it("with no collaborators, gives the artist all of it and offers Add collaborator", () => {
    const html = render(splits([]));
    expect(html).toContain("You: 100%");
    expect(html).not.toContain("<fieldset");
    const add = /<button[^>]*id="t1-add"[^>]*>/.exec(html)?.[0];
    expect(add).toBeDefined();
    expect(add).not.toContain(`disabled=""`);
  });

  it("closes Add collaborator at 20, and says why", () => {
    const twenty = Array.from({ length: 20 }, (_, i) =>
      collaborator({ id: `s${i}`, email: `c${i}@example.com`, share: "5", shareBasisPoints: 500 }),
    );
    const html = render(splits(twenty));
    expect(html).toContain("You: 0%");
    expect(/<button[^>]*id="t1-add"[^>]*>/.exec(html)?.[0]).toContain(`disabled=""`);
    expect(html).toContain("Add up to 20 collaborators.");
    // Exactly 100 %: no refusal.
    expect(html).not.toContain("Shares must add up to 100%.");
  });
});

describe("savedMessage", () => {
  it("names the invitations a save sent", () => {
    expect(savedMessage([])).toBe("Splits saved.");
    expect(savedMessage(["priya@example.com", "ravi@example.com"])).toBe(
      "Splits saved. Invitation sent to priya@example.com, ravi@example.com.",
    );
  });
});
