/**
 * The offer summaries in US Spanish (issue 30): the words of `./offer-summary-rules` translated, key
 * for key, with the same bracketed places ("[name of financer]"), plus the marketplace's own words
 * of the standard table and of the disclosure text that is hashed and signed. The summary a Spanish
 * reader is shown is a text of its own: it is built from these words on the server, its SHA-256 is
 * of this text, and an acceptance or a presentation records its language. The English rules stay
 * the text of record of each state's form; the figures are the same in both languages.
 * Glossary: docs/i18n.md.
 */
import type { CA_910, NY_600_10, SIGNATURE_STATEMENT, SUMMARY_OWN_WORDS } from "./offer-summary-rules";

type Words<T> = { [K in keyof T]: T[K] extends string ? string : T[K] extends readonly string[] ? readonly string[] : T[K] };

export const SIGNATURE_STATEMENT_ES: Words<typeof SIGNATURE_STATEMENT> = {
  text: "La ley aplicable exige que se le proporcione esta información para ayudarle a tomar una decisión informada. Al firmar a continuación, usted confirma que recibió esta información.",
  signatureLabel: "Firma del destinatario",
  dateLabel: "Fecha",
};

const PREPAYMENT_ES = {
  prepaymentNoFinanceCharge:
    "Si paga el financiamiento por anticipado, no tendrá que pagar ninguna parte del cargo financiero, salvo los intereses acumulados no pagados (si corresponde).",
  prepaymentFees: "Si paga el financiamiento por anticipado, también deberá pagar las siguientes comisiones adicionales:",
  prepaymentNoFees: "Si paga el financiamiento por anticipado, no pagará comisiones adicionales.",
};

export const CA_910_ES: Words<typeof CA_910> = {
  citation: "10 CCR 901 y 910 (Código Financiero 22800-22805, SB 1235)",
  header: "RESUMEN DE LA OFERTA -",
  fundingLabel: "Fondos proporcionados",
  funding: "Esta es la cantidad de fondos que [name of financer] proporcionará.",
  deductions:
    "Debido a deducciones o pagos a terceros, el total de los fondos que se le proporcionarán directamente es [recipient funds]. Para obtener más información sobre los montos que se deducirán, revise el documento adjunto “Desglose del monto financiado”.",
  aprLabel: "Tasa de porcentaje anual (APR)",
  apr: [
    "La APR es el costo de su financiamiento expresado como una tasa anual. La APR incluye el monto y el momento de los fondos que recibe, los intereses y las comisiones que paga y los pagos que hace.",
    "Su APR no es una tasa de interés. Su tasa de interés es [interest rate]. Su APR puede ser más alta que su tasa de interés porque la APR incorpora los costos de intereses y otros cargos financieros.",
  ],
  financeChargeLabel: "Cargo financiero",
  financeCharge: "Este es el costo en dólares de su financiamiento.",
  totalLabel: "Monto total de los pagos",
  total: "Este es el monto total en dólares de los pagos que hará durante el plazo del contrato.",
  paymentLabel: "Pago",
  termLabel: "Plazo",
  prepaymentLabel: "Pago anticipado",
  prepaymentFinanceCharge:
    "Si paga el financiamiento por anticipado, aún tendrá que pagar todo o una parte del cargo financiero, hasta $[maximum non-interest finance charge].",
  ...PREPAYMENT_ES,
};

export const NY_600_10_ES: Words<typeof NY_600_10> = {
  citation: "23 NYCRR 600.5 y 600.10 (Ley de Servicios Financieros 804)",
  header: "RESUMEN DE LA OFERTA",
  fundingLabel: "Fondos proporcionados",
  funding: "Esta es la cantidad de fondos que [name of financer] proporcionará.",
  deductions:
    "Debido a deducciones o pagos a terceros, el total de los fondos que se le proporcionarán directamente es [recipient funds]. Para obtener más información sobre los montos que se deducirán, revise el documento adjunto ‘Desglose del monto financiado’.",
  aprLabel: "Tasa de porcentaje anual (APR)",
  apr: [
    "La APR es el costo de su financiamiento expresado como una tasa anual. La APR incluye el monto y el momento de los fondos que recibe, los intereses y otros cargos financieros que paga y los pagos que hace.",
    "Su APR no es una tasa de interés. Su tasa de interés es [interest rate]. Su APR puede ser más alta que su tasa de interés porque la APR incorpora los costos de intereses y otros cargos financieros.",
  ],
  financeChargeLabel: "Cargo financiero",
  financeCharge: "Este es el costo en dólares de su financiamiento.",
  totalLabel: "Monto total de los pagos",
  total: "Este es el monto total en dólares de los pagos que hará durante el plazo del contrato.",
  paymentLabel: "Pago",
  termLabel: "Plazo",
  prepaymentLabel: "Pago anticipado",
  prepaymentFinanceCharge:
    "Si paga el financiamiento por anticipado, aún tendrá que pagar todo o parte del cargo financiero, hasta $[maximum non-interest finance charge].",
  ...PREPAYMENT_ES,
  collateralLabel: "Requisitos de garantía",
  avoidableFeesLabel: "Comisiones y cargos evitables",
};

export const SUMMARY_OWN_WORDS_ES: Words<typeof SUMMARY_OWN_WORDS> = {
  paymentExplanation: (count: number) =>
    `Usted hace ${count} pagos, uno cada mes, a partir de un mes después del desembolso. No hay pagos irregulares.`,
  prepaymentFeeLine: (percent: string, months: string, upTo: string) =>
    `Comisión por pago anticipado: ${percent} del saldo pagado si paga en ${months}, hasta ${upTo}.`,
  notStated: "El prestamista no lo indicó. Pregúntele al prestamista antes de firmar.",
  genericProduct: "Préstamo comercial",
};

export const DEFAULT_SUMMARY_ES = {
  citation: "Divulgación estándar de Lendwise (sin formulario prescrito por el estado)",
} as const;

/** The words of the summaries' figures that are written out (terms, months, payments). */
export const SUMMARY_UNITS_ES = {
  days: (n: number) => `${n} días`,
  years: (n: number) => `${n} ${n === 1 ? "año" : "años"}`,
  monthsCount: (n: number) => `${n} ${n === 1 ? "mes" : "meses"}`,
  and: "y",
  month: (n: number) => `el mes ${n}`,
  monthsRange: (from: number, to: number) => `los meses ${from}-${to}`,
  perMonth: "/mes",
  payment: (n: number) => `Pago ${n}`,
  payments: (from: number, to: number) => `Pagos ${from}-${to}`,
} as const;

/** The marketplace's standard table (every state without a prescribed form), in Spanish. */
export const STANDARD_SUMMARY_ES = {
  fundingLabel: "Fondos proporcionados",
  funding: (loan: string, fee: string) =>
    `Esta es la cantidad de dinero que usted recibirá: el préstamo de ${loan} menos la comisión de originación de ${fee} retenida al momento del desembolso.`,
  aprLabel: "Tasa de porcentaje anual (APR) estimada",
  apr: (rate: string) =>
    `Este es el costo anual del financiamiento, incluida la comisión, expresado como una tasa sobre los fondos proporcionados. La tasa de interés es ${rate}; la comisión hace que la APR sea más alta.`,
  financeChargeLabel: "Cargo financiero",
  financeCharge: "Este es el costo en dólares del financiamiento: todos los intereses más la comisión de originación.",
  totalLabel: "Monto total estimado de los pagos",
  total: "Este es el total de todos los pagos que hará si paga según lo programado.",
  paymentLabel: "Monto y frecuencia de los pagos",
  paymentSame: (payment: string) => `${payment} mensuales`,
  paymentLast: (payment: string, last: string) => `${payment} mensuales (último pago ${last})`,
  paymentExplanation: (count: number, same: boolean) =>
    `Hará ${count} pagos mensuales${same ? "" : "; el último difiere por los centavos del redondeo"}.`,
  termLabel: "Plazo",
  term: (months: number) => `${months} meses`,
  termExplanation: "Este es el tiempo que tiene para pagar el financiamiento por completo.",
  prepaymentLabel: "Pago anticipado",
  prepaymentExplanation: "Indica si paga alguna comisión adicional, o si aún debe el cargo financiero, si paga por anticipado.",
} as const;

/**
 * A lender's own words (prepayment policy, collateral, avoidable fees) in Spanish: the catalogue's
 * sentences word for word; a prepayment policy in another wording is written from its tiers
 * (domain/offer-summary.ts); anything else is shown as the lender wrote it.
 */
export const LENDER_WORDS_ES: Readonly<Record<string, string>> = {
  "No prepayment penalty: you may repay early at any time and pay no interest for the months you did not borrow.":
    "Sin penalidad por pago anticipado: puede pagar por anticipado en cualquier momento y no paga intereses por los meses en que no tuvo el préstamo.",
  "No prepayment penalty": "Sin penalidad por pago anticipado",
  "None: the loan is unsecured.": "Ninguna: el préstamo no tiene garantía.",
  "Late payment fee: $25 for a payment more than 10 days late. Returned payment fee: $25 for a payment returned unpaid. Both are avoided by paying on time from an account with enough funds.":
    "Cargo por pago atrasado: $25 por un pago con más de 10 días de atraso. Cargo por pago devuelto: $25 por un pago devuelto sin pagar. Ambos se evitan pagando a tiempo desde una cuenta con fondos suficientes.",
  "Late payment fee: 5% of a payment more than 15 days late. Returned payment fee: $35 for a payment returned unpaid. Both are avoided by paying on time from an account with enough funds.":
    "Cargo por pago atrasado: 5% de un pago con más de 15 días de atraso. Cargo por pago devuelto: $35 por un pago devuelto sin pagar. Ambos se evitan pagando a tiempo desde una cuenta con fondos suficientes.",
  "A first-priority security interest in the equipment financed.": "Una garantía mobiliaria de primer grado sobre el equipo financiado.",
  "A first mortgage on the commercial property financed.": "Una primera hipoteca sobre la propiedad comercial financiada.",
  "A security interest in the inventory financed.": "Una garantía mobiliaria sobre el inventario financiado.",
};

/** A prepayment policy written from its tiers, when the lender's sentence is not one of LENDER_WORDS_ES. */
export const PREPAYMENT_POLICY_ES = {
  none: "Sin penalidad por pago anticipado.",
  firstMonths: (percent: string, months: number) =>
    `Se aplica una comisión por pago anticipado del ${percent} del saldo pagado durante los primeros ${months} meses; ninguna después.`,
  byYear: (tiers: string) => `Comisión por pago anticipado del saldo pagado: ${tiers}; ninguna después.`,
  year: (percent: string, year: number) => `${percent} en el año ${year}`,
} as const;

/** The lines of the disclosure text that is hashed and signed, before the summary itself. */
export const DISCLOSURE_TEXT_ES = {
  title: (offerId: number, reference: string) => `Divulgación de financiamiento comercial - oferta ${offerId} de la solicitud ${reference}`,
  lender: (name: string, nmls: string, product: string) => `Prestamista: ${name} (NMLS ${nmls}) - ${product}`,
  amount: (amount: string) => `Monto: ${amount}`,
  validUntil: (iso: string) => `Oferta válida hasta: ${iso}`,
} as const;
