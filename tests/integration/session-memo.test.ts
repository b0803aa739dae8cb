/**
 * The session read shared by one HTTP request's loaders: within one request scope a GET
 * reads the session and its user once, whichever Request object each loader holds; nothing is
 * shared with another request, another cookie, a POST, after a session write, or after the
 * request has ended. The user's name is changed in the database between reads, so which read
 * answered shows in the result.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { createUserSession, getUser } from "~/features/accounts/session/session.server";
import { runInRequestScope } from "~/platform/http/request-scope.server";
import { createApplicant } from "../support/fixtures";

const URL_ = "http://localhost/dashboard";

async function signedIn() {
  const user = await createApplicant({ firstName: "Before" });
  const setCookie = await createUserSession(new Request(URL_), { id: user.id, role: "user" });
  return { user, cookie: setCookie.split(";")[0]! };
}

const rename = (id: number, firstName: string) => getDb().update(schema.users).set({ firstName }).where(eq(schema.users.id, id));
const get = (cookie: string, method = "GET") => new Request(URL_, { method, headers: { cookie } });

describe("the session read of one request", () => {
  it("is shared by the loaders of one request, and not by the next request", async () => {
    const { user, cookie } = await signedIn();
    await runInRequestScope(async () => {
      expect((await getUser(get(cookie)))?.firstName).toBe("Before");
      await rename(user.id, "After");
      // Another loader of the same request, with its own Request object: the same read.
      expect((await getUser(get(cookie)))?.firstName).toBe("Before");
    });
    await runInRequestScope(async () => expect((await getUser(get(cookie)))?.firstName).toBe("After"));
  });

  it("is not shared with another cookie or a POST", async () => {
    const a = await signedIn();
    const b = await signedIn();
    await runInRequestScope(async () => {
      expect((await getUser(get(a.cookie)))?.id).toBe(a.user.id);
      expect((await getUser(get(b.cookie)))?.id).toBe(b.user.id);
      expect((await getUser(get(a.cookie)))?.id).toBe(a.user.id);
      await rename(a.user.id, "Posted");
      expect((await getUser(get(a.cookie, "POST")))?.firstName).toBe("Posted");
    });
  });

  it("is dropped when the request has ended", async () => {
    const { user, cookie } = await signedIn();
    let end = () => {};
    await runInRequestScope(
      async () => {
        expect((await getUser(get(cookie)))?.firstName).toBe("Before");
        await rename(user.id, "Late");
        expect((await getUser(get(cookie)))?.firstName).toBe("Before");
        end();
        // A read after the response closed (none should happen) reads afresh.
        expect((await getUser(get(cookie)))?.firstName).toBe("Late");
      },
      (e) => (end = e),
    );
  });

  it("is read again after a session write in the same request", async () => {
    const { user, cookie } = await signedIn();
    await runInRequestScope(async () => {
      expect((await getUser(get(cookie)))?.firstName).toBe("Before");
      await rename(user.id, "Renamed");
      // Signing someone in (here: another session) is a session write: every memo is dropped.
      await createUserSession(new Request(URL_), { id: user.id, role: "user" });
      expect((await getUser(get(cookie)))?.firstName).toBe("Renamed");
    });
  });
});
