/**
 * The Spanish consents (issue 30): each a text of its own, with its own version id, so a consent
 * record keeps the exact Spanish words shown, their SHA-256 and the language (consent_records.language).
 * Never a translation at render: changing a word is a new version. Server only: a page shows the
 * words its loader sends, the same ones its action records. English: ./consents.ts.
 */
import {
  creditAuthorizationText,
  ESIGN_DISCLOSURE_EN,
  esignConsentOf,
  smsConsentText,
  type ConsentText,
  type EsignDisclosureText,
} from "./consents";
import { LENDER_SHARE_CONSENT, type LenderShareConsentText } from "./lender-share-consent";
import { site } from "./site";

type Language = "en" | "es";

export const ESIGN_DISCLOSURE_ES: EsignDisclosureText = {
  version: "esign-es-2026-11",
  language: "es",
  heading: "Acuerdo sobre registros y firmas electrónicos",
  paragraphs: [
    `${site.name} y los prestamistas asociados a los que usted presente una solicitud le entregan los registros de forma electrónica: las divulgaciones, los avisos (incluidos los avisos sobre las medidas tomadas en una solicitud), los resúmenes de ofertas y los acuerdos sobre su cuenta y sus solicitudes. Usted los firma escribiendo su nombre. Su acuerdo cubre todas las solicitudes que haga desde esta cuenta hasta que lo retire.`,
    `Puede pedir una copia en papel de cualquier registro sin costo: escriba a ${site.supportEmail} o llame al ${site.supportPhone}, e indique qué registro desea.`,
    `Puede retirar este acuerdo en cualquier momento, sin costo, por los mismos medios. Retirarlo no anula los registros ya entregados o firmados electrónicamente; una solicitud que siga abierta continuará entonces en papel por correo postal, lo que toma más tiempo.`,
    `Mantenga actualizado su correo electrónico en la configuración de su cuenta, o avísenos a ${site.supportEmail}.`,
    "Para abrir y guardar los registros necesita: una versión actual de Chrome, Edge, Firefox o Safari con las cookies activadas; un programa que abra archivos PDF; una cuenta de correo electrónico; y una impresora o espacio de almacenamiento para guardar copias.",
  ],
  label: "Leí el acuerdo sobre registros y firmas electrónicos que aparece arriba y lo acepto (obligatorio)",
};

const ESIGN_DISCLOSURES: Record<Language, EsignDisclosureText> = { en: ESIGN_DISCLOSURE_EN, es: ESIGN_DISCLOSURE_ES };

/** The E-SIGN disclosure a page in `language` shows. */
export const esignDisclosureFor = (language: Language): EsignDisclosureText => ESIGN_DISCLOSURES[language];

/** The disclosure of a version id (the one a form says it showed), or null for an unknown one. */
export const esignDisclosureOfVersion = (version: unknown): EsignDisclosureText | null =>
  Object.values(ESIGN_DISCLOSURES).find((d) => d.version === version) ?? null;

/** The consent record's words of a version (English when the version is unknown: drafts saved before issue 30). */
export const esignConsentTextOfVersion = (version: unknown): ConsentText =>
  esignConsentOf(esignDisclosureOfVersion(version) ?? ESIGN_DISCLOSURE_EN);

/** "A, B y C" */
function listNamesEs(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} y ${names[names.length - 1]}`;
}

/** The review step's credit authorization in `language` (Spanish: its own text and version). */
export function creditAuthorizationTextFor(language: Language, lenderNames: readonly string[], stateName: string): ConsentText {
  if (language === "en") return creditAuthorizationText(lenderNames, stateName);
  const place = stateName || "mi estado";
  const who = lenderNames.length
    ? `a ${site.name} y a los prestamistas asociados que atienden ${place} (${listNamesEs(lenderNames)})`
    : `a ${site.name} y a los prestamistas asociados que atienden ${place}`;
  return {
    kind: "credit-authorization",
    version: "credit-auth-es-2026-11",
    language: "es",
    text:
      `Autorizo ${who} a verificar la información que proporcioné y a obtener mis informes de crédito personales y comerciales para esta solicitud. ` +
      "Para encontrar mis ofertas se usa como máximo una consulta blanda, que no afecta mi puntaje de crédito. " +
      "Una consulta dura, que sí puede afectarlo, ocurre solo si acepto una oferta y ese prestamista me informa que la otorgará. (obligatorio)",
  };
}

/** The optional SMS marketing consent in `language` (Spanish: its own text and version). */
export function smsConsentTextFor(language: Language, phoneShown: string): ConsentText {
  if (language === "en") return smsConsentText(phoneShown);
  return {
    kind: "sms-marketing",
    version: "sms-es-2026-11",
    language: "es",
    text:
      `Envíenme ofertas y promociones de ${site.name} por mensaje de texto al ${phoneShown} (opcional). ` +
      "El consentimiento no es una condición de compra. Pueden aplicarse tarifas de mensajes y datos; como máximo 4 mensajes al mes. Responda STOP para cancelar y HELP para obtener ayuda.",
  };
}

/** The review step's sentence next to Submit, in Spanish: its own version id (the application keeps it) and so its own hash. */
export const LENDER_SHARE_CONSENT_ES: LenderShareConsentText = {
  version: "lender-share-es-2026-11",
  language: "es",
  text:
    `Al enviar, usted acepta que ${site.name} comparta esta solicitud y sus documentos con los prestamistas asociados que coincidan con su solicitud, ` +
    "cuyos nombres aparecen en su página de ofertas, para que puedan revisarla, hacer o confirmar ofertas y comunicarse con usted sobre ellas.",
};

const LENDER_SHARE_CONSENTS: Record<Language, LenderShareConsentText> = { en: LENDER_SHARE_CONSENT, es: LENDER_SHARE_CONSENT_ES };

/** The lender-share sentence a review page in `language` shows, and submitting it records. */
export const lenderShareConsentFor = (language: Language): LenderShareConsentText => LENDER_SHARE_CONSENTS[language];

/** The sentence of a recorded version id (either language), or null for an unknown one. */
export const lenderShareConsentOfVersion = (version: unknown): LenderShareConsentText | null =>
  Object.values(LENDER_SHARE_CONSENTS).find((c) => c.version === version) ?? null;
