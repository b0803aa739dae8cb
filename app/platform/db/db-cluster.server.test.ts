import { describe, expect, it } from "vitest";
import { galeraReadiness } from "./db-cluster.server";

describe("galeraReadiness: may this Galera node take the app's queries?", () => {
  it("yes when Synced, wsrep_ready ON and in the primary component", () => {
    expect(galeraReadiness({ wsrep_ready: "ON", wsrep_local_state_comment: "Synced", wsrep_cluster_status: "Primary" }).ready).toBe(true);
  });

  it("no when cut off from the cluster, joining, donating or not ready", () => {
    const cases = [
      { wsrep_ready: "OFF", wsrep_local_state_comment: "Initialized", wsrep_cluster_status: "non-Primary" },
      { wsrep_ready: "ON", wsrep_local_state_comment: "Joined", wsrep_cluster_status: "Primary" },
      { wsrep_ready: "ON", wsrep_local_state_comment: "Donor/Desynced", wsrep_cluster_status: "Primary" },
      { wsrep_ready: "OFF", wsrep_local_state_comment: "Synced", wsrep_cluster_status: "Primary" },
      { wsrep_ready: "ON", wsrep_local_state_comment: "Synced", wsrep_cluster_status: "non-Primary" },
    ];
    for (const c of cases) expect(galeraReadiness(c).ready, JSON.stringify(c)).toBe(false);
    expect(galeraReadiness(cases[0]!).state).toBe("Initialized, non-Primary");
  });
});
