import Fastify, { type FastifyInstance, type onRequestHookHandler } from "fastify";
import { describe, expect, it } from "vitest";
import { addRouteHook, routeTakesWrites } from "./route-hooks";

type Note = (name: string) => onRequestHookHandler;

/** The hooks a request to `url` ran, in order: "guard" is the one put on by addRouteHook. */
async function trailOf(
  method: "GET" | "POST",
  url: string,
  routes: (app: FastifyInstance, note: Note) => void,
): Promise<string[]> {
  const trail: string[] = [];
  const note: Note = (name) => (_request, _reply, done) => {
    trail.push(name);
    done();
  };
  const app = Fastify();
  addRouteHook(app, "onRequest", routeTakesWrites, note("guard"));
  routes(app, note);
  const response = await app.inject({ method, url });
  await app.close();
  expect(response.statusCode).toBe(200);
  return trail;
}

describe("hooks put on the routes they apply to", () => {
  it("run ahead of a write route's own hooks, a single one or a list", async () => {
    const one = await trailOf("POST", "/one", (app, note) =>
      app.post("/one", { onRequest: note("own") }, () => ({})),
    );
    expect(one).toEqual(["guard", "own"]);
    const list = await trailOf("POST", "/list", (app, note) =>
      app.post("/list", { onRequest: [note("first"), note("second")] }, () => ({})),
    );
    expect(list).toEqual(["guard", "first", "second"]);
  });

  it("leave a read-only route alone, and guard an `all` route", async () => {
    const read = await trailOf("GET", "/read", (app, note) =>
      app.get("/read", { onRequest: note("own") }, () => ({})),
    );
    expect(read).toEqual(["own"]);
    const all = await trailOf("GET", "/all", (app) => app.all("/all", () => ({})));
    expect(all).toEqual(["guard"]);
  });
});
