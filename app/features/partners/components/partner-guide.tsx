/** The partner guide on /api-docs: keys, a first call, the lender's calls, idempotency, limits, webhooks (and how to verify them) and errors. */
import { DECLINE_REASON_CODES, DECLINE_REASON_TEXT } from "~/content/decline-reasons";
import { PARTNER_SCOPE_TEXT, PARTNER_SCOPES } from "~/content/enums";

const code = "whitespace-pre-wrap break-all rounded bg-slate-900 p-3 text-sm text-slate-100";
const inline = "rounded bg-slate-100 px-1 break-words [overflow-wrap:anywhere]";

/** The lender partner's calls, one line each: what a user of the lender does in the lender workspace. */
const LENDER_CALLS = [
  [
    "GET /api/partner/applications?stage=…",
    "applications:read",
    "your lender's matched applications (the workspace's queue), newest first, with their stage and your offers",
  ],
  [
    "GET /api/partner/applications/APP-…",
    "applications:read",
    "one application as your users see it: figures, documents, your offers, decline and requests",
  ],
  ["GET /api/partner/applications/APP-…/documents/{id}", "documents:read", "download one of its documents (audited)"],
  [
    "POST /api/partner/applications/APP-…/offers",
    "offers:write",
    "a firm offer: amount, termMonths, noteRate, originationFee, prepayment, validityDays",
  ],
  ["POST …/offers/{offerId}/confirm", "offers:write", "confirm one of your open instant offers (body {})"],
  ["POST …/offers/{offerId}/withdraw", "offers:write", "withdraw one of your open instant offers: reason"],
  [
    "POST /api/partner/applications/APP-…/decline",
    "offers:write",
    "decline with reasons (codes below); after acceptance it is the decline after review",
  ],
  ["POST /api/partner/applications/APP-…/document-requests", "offers:write", "ask the applicant for documents: documentTypes, message"],
  ["POST /api/partner/applications/APP-…/verifying", "offers:write", "the applicant accepted your offer and you are verifying (body {})"],
  ["POST /api/partner/applications/APP-…/funded", "offers:write", "you sent the money: amount (USD), fundedOn (YYYY-MM-DD)"],
] as const;

const ERRORS = [
  ["400", "The body or query is invalid; errors per field. A malformed Idempotency-Key too."],
  ["401", "No key, or an unknown, expired or revoked key (WWW-Authenticate: Bearer)."],
  [
    "403",
    "The key lacks the scope the call needs (requiredScope says which), the call is not for your kind of partner, or the application is not yours.",
  ],
  ["404", "No such application, or (lender partners) one not shared with your lender: the two are never told apart."],
  [
    "409",
    "A request with the same Idempotency-Key is still running (retry after Retry-After), or a lender's action the application's state refuses (the message says why).",
  ],
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
        Our team creates your partner account and an API key with the scopes you need. The key starts with{" "}
        <code className={inline}>lm_live_</code> and is shown once: keep it in your secret store, never in a browser or a repository. Keys
        can expire and can be revoked at once; when a key is rotated, the old one keeps working until the agreed time. A lender&apos;s users
        make, rotate and revoke their lender&apos;s keys themselves in the lender workspace (<code className={inline}>/lender/keys</code>).
      </p>
      <ul className="list-disc space-y-1 pl-6 text-sm">
        {PARTNER_SCOPES.map((s) => (
          <li key={s}>
            <code className={inline}>{s}</code>: {PARTNER_SCOPE_TEXT[s]}
          </li>
        ))}
      </ul>
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
        The answer (201) holds the application&apos;s reference. It is a draft: the business owner gets an e-mail at once (a new e-mail
        address gets an account and a single-use link, valid 7 days, to choose a password; an existing account a notice to sign in), reviews
        the details you sent in our application wizard, gives the consents and submits it. You cannot submit for the owner:{" "}
        <code className={inline}>&quot;status&quot;: &quot;submitted&quot;</code> with a partner key is refused with 422 and nothing is
        created. Read the referral later with <code className={inline}>GET /api/partner/referrals/APP-…</code>: its status (
        <code className={inline}>draft</code> until the owner submits), how many offers lenders made, and the funding once the loan is
        funded; nothing personal and no documents, and only your own referrals.
      </p>
      <h3 className="font-semibold text-slate-900">3. Lenders: your workspace through the API</h3>
      <p>
        A lender partner&apos;s key does what your users do in the lender workspace, with the same rules, e-mails to the applicant, webhooks
        and audit (each call names the key). Applications are addressed by their reference; one that is not shared with your lender answers
        404, like one that does not exist. Amounts are US dollars, rates percent a year.
      </p>
      <dl className="space-y-2 text-sm">
        {LENDER_CALLS.map(([call, scope, text]) => (
          <div key={call}>
            <dt>
              <code className={inline}>{call}</code> <span className="text-xs">({scope})</span>
            </dt>
            <dd className="pl-4">{text}</dd>
          </div>
        ))}
      </dl>
      <pre className={code}>
        <code>
          {`curl -X POST "$BASE_URL/api/partner/applications/APP-7K2M9Q4X8T3B/offers" \
  -H "Authorization: Bearer $LENDWISE_KEY" \
  -H "Content-Type: application/json" \
  -H "Idempotency-Key: 0b8d5c9e-1f3a-4e7b-8c2d-5a6f7e8d9c0b" \
  -d '{"amount":30000,"termMonths":24,"noteRate":11,"originationFee":600,
       "prepayment":"No prepayment penalty","validityDays":14}'`}
        </code>
      </pre>
      <p>Decline reason codes:</p>
      <ul className="list-disc space-y-1 pl-6 text-sm">
        {DECLINE_REASON_CODES.map((c) => (
          <li key={c}>
            <code className={inline}>{c}</code>: {DECLINE_REASON_TEXT[c]}
          </li>
        ))}
      </ul>
      <h3 className="font-semibold text-slate-900">4. Retries and Idempotency-Key</h3>
      <p>
        Every POST and PATCH accepts an <code className={inline}>Idempotency-Key</code> (1-255 visible characters; a UUID per operation).
        Send the same key with the same body when you retry: you get the first answer again (same status and body, with{" "}
        <code className={inline}>Idempotent-Replayed: true</code>) and nothing is done twice. The same key with a different body is refused
        (422). A retry that arrives while the first request is still running waits for it for up to 5 seconds, then gets 409 with
        Retry-After. Keys are per API key and are kept for 24 hours.
      </p>
      <h3 className="font-semibold text-slate-900">5. Rate limits</h3>
      <p>
        Each key has its own limit per minute. Every answer carries <code className={inline}>RateLimit-Limit</code>,{" "}
        <code className={inline}>RateLimit-Remaining</code>, <code className={inline}>RateLimit-Reset</code> (seconds) and{" "}
        <code className={inline}>RateLimit-Policy</code>; over the limit you get 429 with <code className={inline}>Retry-After</code>.
      </p>
      <h3 className="font-semibold text-slate-900">6. Webhooks</h3>
      <p>
        With a key that has <code className={inline}>webhooks:manage</code>, register an https endpoint on a public host for the events of
        your kind of partner (lender partners: <code className={inline}>application.matched</code>,{" "}
        <code className={inline}>application.offer_accepted</code>, <code className={inline}>application.documents_uploaded</code>,{" "}
        <code className={inline}>application.withdrawn</code>; referral partners: <code className={inline}>application.status_changed</code>
        , <code className={inline}>application.offers_ready</code>, <code className={inline}>application.funded</code>). The answer carries
        the endpoint&apos;s signing secret (<code className={inline}>whsec_…</code>) once: store it.
      </p>
      <pre className={code}>
        <code>
          {`curl -X POST "$BASE_URL/api/partner/webhooks" \
  -H "Authorization: Bearer $LENDWISE_KEY" \
  -H "Content-Type: application/json" \
  -d '{"url":"https://hooks.example.com/lendwise",
       "events":["application.status_changed","application.funded"],
       "contactEmail":"ops@example.com"}'`}
        </code>
      </pre>
      <p>
        Each delivery is a JSON POST <code className={inline}>{'{ "type", "timestamp", "data" }'}</code> signed the Standard Webhooks
        (standardwebhooks.com) way: headers <code className={inline}>webhook-id</code>, <code className={inline}>webhook-timestamp</code>{" "}
        and <code className={inline}>webhook-signature</code>. Verify the raw body before trusting it, with the{" "}
        <code className={inline}>standardwebhooks</code> library (npm, PyPI and others):
      </p>
      <pre className={code}>
        <code>
          {`import { Webhook } from "standardwebhooks";

const wh = new Webhook(process.env.LENDWISE_WEBHOOK_SECRET); // "whsec_..."
app.post("/lendwise", express.raw({ type: "application/json" }), (req, res) => {
  let event;
  try {
    // Checks the HMAC-SHA256 signature over id.timestamp.body and
    // refuses a timestamp more than 5 minutes away from now.
    event = wh.verify(req.body.toString("utf8"), req.headers);
  } catch {
    return res.status(400).end();
  }
  // Deduplicate by the webhook-id header: retries and replays repeat it.
  res.status(204).end();
});`}
        </code>
      </pre>
      <p>
        Answer 2xx within 10 seconds. Anything else is retried with exponential backoff for 24 hours; then the endpoint is disabled and your
        contact e-mail is told. <code className={inline}>GET /api/partner/webhooks/deliveries</code> shows each delivery (status, attempts,
        last HTTP status, next attempt); <code className={inline}>POST /api/partner/webhooks/deliveries/…/replay</code> sends one again. The
        payload of each event is in the OpenAPI document under <code className={inline}>webhooks</code>.
      </p>
      <h3 className="font-semibold text-slate-900">7. Errors</h3>
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
