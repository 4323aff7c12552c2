import { afterAll, beforeAll, expect, it } from "vitest";
import { solidPng } from "../../../cli/seed/solid-png";
import { ORIGIN, createTestApp, signUp, type TestApp } from "../../test/test-app";

/**
 * Issue 48: tus lets go of an upload's lock before its finish (the purpose's
 * check, then `ready`) has run. A page reloaded at that moment resumes with a
 * HEAD that says every byte is here and asks for the file's details: the
 * answer must wait for the finish under way, not say 404 and leave the
 * message unsent.
 */
let t: TestApp;
let cookie: string;
let checkStarted!: () => void;
let releaseCheck!: () => void;
const started = new Promise<void>((resolve) => (checkStarted = resolve));
const released = new Promise<void>((resolve) => (releaseCheck = resolve));

beforeAll(async () => {
  t = await createTestApp({
    extraUploadPurposes: [
      {
        name: "slow-check",
        maxBytes: 10_000,
        kinds: ["image"],
        authorize: () => Promise.resolve({ scope: null }),
        canRead: () => Promise.resolve(true),
        async inspect() {
          checkStarted();
          await released;
          return { ok: true, kind: "image", mimeType: "image/png" };
        },
      },
    ],
  });
  cookie = (await signUp(t.app)).cookie;
});
afterAll(() => t.close());

const tus = { "tus-resumable": "1.0.0" };
const encode = (v: string) => Buffer.from(v).toString("base64");

it("answers a finished upload's details once its check, still running, is done", async () => {
  const bytes = solidPng(8, 8, [1, 2, 3]);
  const create = await t.app.inject({
    method: "POST",
    url: "/api/uploads",
    headers: {
      cookie,
      origin: ORIGIN,
      ...tus,
      "upload-length": String(bytes.length),
      "upload-metadata": `purpose ${encode("slow-check")},filename ${encode("a.png")}`,
    },
  });
  expect(create.statusCode, create.body).toBe(201);
  const location = create.headers.location as string;
  const id = location.split("/").pop()!;
  // The last PATCH: its bytes are stored, its check is under way (its answer "lost").
  const patch = t.app.inject({
    method: "PATCH",
    url: location,
    headers: {
      cookie,
      origin: ORIGIN,
      ...tus,
      "upload-offset": "0",
      "content-type": "application/offset+octet-stream",
    },
    payload: bytes,
  });
  await started;
  // The resumed page: HEAD says every byte is here…
  const head = await t.app.inject({
    method: "HEAD",
    url: location,
    headers: { cookie, origin: ORIGIN, ...tus },
  });
  expect(head.headers["upload-offset"]).toBe(String(bytes.length));
  // …and the details wait for the check instead of answering 404.
  let answered = false;
  const details = t.app
    .inject({ url: `/api/uploads/${id}/file`, headers: { cookie, origin: ORIGIN } })
    .finally(() => (answered = true));
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(answered).toBe(false);
  releaseCheck();
  const answer = await details;
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json()).toMatchObject({ id, kind: "image", name: "a.png" });
  expect((await patch).statusCode).toBe(200);
});
