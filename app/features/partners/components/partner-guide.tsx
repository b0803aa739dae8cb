/** The partner guide on /api-docs: keys, a first call, idempotency, limits and errors. */
const code = "whitespace-pre-wrap break-all rounded bg-slate-900 p-3 text-sm text-slate-100";
const inline = "rounded bg-slate-100 px-1";

const ERRORS = [
  ["400", "The body or query is invalid; errors per field. A malformed Idempotency-Key too."],
  ["401", "No key, or an unknown, expired or revoked key (WWW-Authenticate: Bearer)."],
  [
    "403",
    "The key lacks the scope the call needs (requiredScope says which), the call is not for your kind of partner, or the application is not yours.",
  ],
  ["404", "No such application."],
  ["409", "A request with the same Idempotency-Key is still running; retry after Retry-After."],
  ["422", "The Idempotency-Key was used with a different request, or the applicant's e-mail cannot be used."],
  ["429", "Over your key's rate limit; wait Retry-After seconds."],
] as const;

export function PartnerGuide() {
  return (
    <section className="mt-10 max-w-3xl space-y-4 text-slate-700" aria-labelledby="partner-guide">
      <h2 id="partner-guide" className="text-xl font-semibold text-slate-900">
        Partner guide
      </h2>
      <h3 className="font-semibold text-slate-900">1. Get a key</h3>
      <p>
        Our team creates your partner account and an API key with the scopes you need (<code className={inline}>applications:read</code>,{" "}
        <code className={inline}>applications:write</code>, …). The key starts with <code className={inline}>lm_live_</code> and is shown
        once: keep it in your secret store, never in a browser or a repository. Keys can expire and can be revoked at once; when a key is
        rotated, the old one keeps working until the agreed time.
      </p>
      <h3 className="font-semibold text-slate-900">2. First call</h3>
      <p>
        Send the key in the <code className={inline}>Authorization</code> header; no cookie and no Origin are needed. A referral partner
        sends an applicant:
      </p>
      <pre className={code}>
        <code>
          {`curl -X POST "$BASE_URL/api/loan-applications" \\
  -H "Authorization: Bearer $LENDWISE_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: 6f1c2a52-2d0e-4c59-9a55-0f1e8e1b7a10" \\
  -d '{"amount":"25000","purpose":"working-capital",
       "applicant":{"email":"owner@example.com","firstName":"Robin","lastName":"Lee"}}'`}
        </code>
      </pre>
      <p>
        The answer (201) holds the application&apos;s reference; read its status later with{" "}
        <code className={inline}>GET /api/partner/referrals/APP-…</code>. A lender partner lists the applications its lender has offered on
        with <code className={inline}>GET /api/partner/applications</code>.
      </p>
      <h3 className="font-semibold text-slate-900">3. Retries and Idempotency-Key</h3>
      <p>
        Every POST and PATCH accepts an <code className={inline}>Idempotency-Key</code> (1-255 visible characters; a UUID per operation).
        Send the same key with the same body when you retry: you get the first answer again (same status and body, with{" "}
        <code className={inline}>Idempotent-Replayed: true</code>) and nothing is done twice. The same key with a different body is refused
        (422). A retry that arrives while the first request is still running waits for it for up to 5 seconds, then gets 409 with
        Retry-After. Keys are per API key and are kept for 24 hours.
      </p>
      <h3 className="font-semibold text-slate-900">4. Rate limits</h3>
      <p>
        Each key has its own limit per minute. Every answer carries <code className={inline}>RateLimit-Limit</code>,{" "}
        <code className={inline}>RateLimit-Remaining</code>, <code className={inline}>RateLimit-Reset</code> (seconds) and{" "}
        <code className={inline}>RateLimit-Policy</code>; over the limit you get 429 with <code className={inline}>Retry-After</code>.
      </p>
      <h3 className="font-semibold text-slate-900">5. Errors</h3>
      <p>
        Errors are JSON <code className={inline}>{'{ "message": "..." }'}</code>:
      </p>
      <dl className="grid grid-cols-[4rem_1fr] gap-x-4 gap-y-1 text-sm">
        {ERRORS.map(([status, text]) => (
          <div key={status} className="contents">
            <dt className="font-mono font-semibold text-slate-900">{status}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
