import { expect } from "@playwright/test";
import type { DeliveryState, ReleaseStore } from "../../src/shared/release-review";
import type {
  ChangeRequestItem,
  DeskReleaseDetail,
} from "../../src/shared/responses/release-review";
import { ChatApi } from "./chat-api";
import { demo } from "./accounts";

/**
 * The desk's side of a release review, driven through the API as a demo
 * agent (the artist's journeys watch what it does live): each step reads the
 * release's version first, as the review page would.
 */
export class ReleaseDeskApi {
  private constructor(
    private readonly baseURL: string,
    private readonly agent: ChatApi,
  ) {}

  static async signIn(baseURL: string, email: string = demo.agent1) {
    return new ReleaseDeskApi(baseURL, await ChatApi.signIn(baseURL, email));
  }

  private async call(method: string, path: string, body?: unknown): Promise<DeskReleaseDetail> {
    const response = await fetch(`${this.baseURL}${path}`, {
      method,
      headers: {
        cookie: this.agent.cookie,
        origin: this.baseURL,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    expect(response.status, `${method} ${path}: ${text}`).toBe(200);
    return JSON.parse(text) as DeskReleaseDetail;
  }

  detail(id: string): Promise<DeskReleaseDetail> {
    return this.call("GET", `/api/desk/releases/${id}`);
  }

  private async step(id: string, action: string, body: object = {}) {
    const { version } = await this.detail(id);
    return this.call("POST", `/api/desk/releases/${id}/${action}`, { version, ...body });
  }

  startReview(id: string) {
    return this.step(id, "start-review");
  }

  requestChanges(id: string, items: ChangeRequestItem[]) {
    return this.step(id, "request-changes", { items });
  }

  approve(id: string) {
    return this.step(id, "approve");
  }

  reject(id: string, reason: string, note: string) {
    return this.step(id, "reject", { reason, note });
  }

  async stores(
    id: string,
    deliveries: { store: ReleaseStore; state: DeliveryState; link?: string; note?: string }[],
  ) {
    const { version } = await this.detail(id);
    return this.call("PUT", `/api/desk/releases/${id}/stores`, {
      version,
      deliveries: deliveries.map((d) => ({ link: "", note: "", ...d })),
    });
  }

  close(): void {
    this.agent.close();
  }
}
