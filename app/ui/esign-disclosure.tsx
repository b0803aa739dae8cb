import { ESIGN_DISCLOSURE } from "~/content/consents";

/**
 * The E-SIGN disclosure, shown in full above its checkbox (sign-up, and step 2 of the wizard).
 * `disclosure`: the words to show (the loader's, e.g. the Spanish text of its own, consents-es.server.ts);
 * default English.
 */
export function EsignDisclosure({
  headingLevel = 2,
  disclosure = ESIGN_DISCLOSURE,
}: {
  headingLevel?: 2 | 3;
  disclosure?: { heading: string; paragraphs: readonly string[] };
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      aria-labelledby="esign-heading"
      className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800"
      data-testid="esign-disclosure"
    >
      <Heading id="esign-heading" className="font-semibold text-slate-900">
        {disclosure.heading}
      </Heading>
      {disclosure.paragraphs.map((p) => (
        <p key={p} className="mt-2">
          {p}
        </p>
      ))}
    </section>
  );
}
