/** What every bench gets: the server, and the signed-in people it needs (made once, on demand). */
import type { BenchServer } from "./server";
import { createAdmin, createApplicant, createApplication, signInAdmin, signInApplicant, type BenchAdmin, type BenchUser } from "./fixtures";
import { Client } from "./http";

type Application = Awaited<ReturnType<typeof createApplication>>;

export type BenchContext = {
  server: BenchServer;
  origin: string;
  /** An applicant with one submitted application, and a client signed in as them. */
  applicant(): Promise<{ user: BenchUser; client: Client; application: Application }>;
  /** The owner of the bulk rows (admin-scale, csv-export): not the applicant, whose dashboard the
   *  throughput, marketplace and profile benches measure with its one application. */
  bulkOwner(): Promise<BenchUser>;
  /** An admin (MFA enrolled) and a client signed in with both factors. */
  admin(): Promise<{ admin: BenchAdmin; client: Client }>;
};

const once = <T>(fn: () => Promise<T>) => {
  let p: Promise<T> | null = null;
  return () => (p ??= fn());
};

export function createContext(server: BenchServer): BenchContext {
  return {
    server,
    origin: server.origin,
    applicant: once(async () => {
      const user = await createApplicant();
      const application = await createApplication(user.id);
      const client = await signInApplicant(new Client(server.origin), user);
      return { user, client, application };
    }),
    bulkOwner: once(() => createApplicant()),
    admin: once(async () => {
      const admin = await createAdmin();
      const client = await signInAdmin(new Client(server.origin), admin);
      return { admin, client };
    }),
  };
}
