/** Spanish (US) texts, namespace "landing": the keys of en/landing.ts, translated (docs/i18n.md). */
import type { Resources } from "~/content/locales/en";

export const landing: Resources["landing"] = {
  title: "{{site}} | Préstamos para pequeñas empresas",
  titleFrom: "{{site}} | Préstamos para pequeñas empresas de {{amounts}}",
  description:
    "Compare ofertas de préstamos comerciales de prestamistas autorizados y presente su solicitud en línea en menos de 10 minutos.",
  eyebrow: "Préstamos para pequeñas empresas",
  eyebrowFrom: "Préstamos para pequeñas empresas de {{amounts}}",
  heading: "Compare ofertas de préstamos comerciales de prestamistas autorizados",
  intro:
    "{{site}} conecta a emprendedores y pequeñas empresas con prestamistas autorizados. Compare ofertas, presente su solicitud en línea y reciba una decisión rápida, sin cargos ocultos.",
  applyNow: "Solicitar ahora",
  calculate: "Calcular pagos",
  creditScore: "Consultar su tasa no afecta su puntaje de crédito.",
  lendersHeading: "Las ofertas provienen de prestamistas asociados autorizados",
  trustHeading: "Cómo tratamos su solicitud",
  trust: {
    encrypted: {
      title: "Documentos cifrados",
      text: "Revisamos el contenido de cada archivo y lo guardamos cifrado (AES-256-GCM); solo usted y nuestros revisores pueden abrirlo.",
    },
    lendersDecide: {
      title: "Los prestamistas deciden",
      text: "Cada oferta, y cada decisión de prestar o no, la toma un prestamista asociado autorizado, nunca nosotros; un prestamista que rechaza una solicitud le explica el motivo por correo electrónico.",
    },
    noFee: {
      title: "Sin costo de solicitud",
      text: "Solicitar es gratis, y consultar su tasa no afecta su puntaje de crédito.",
    },
    yourData: { title: "Sus datos, su decisión", text: "Nunca compartimos sus documentos sin su consentimiento." },
  },
  whyHeading: "Por qué las empresas eligen {{site}}",
  fastFunding: "Financiamiento rápido",
  eachOfferFunds: "Cada oferta indica cuándo desembolsa su prestamista.",
  secureLending: "Préstamos seguros",
  secureText: "Su información y sus documentos están protegidos con cifrado de 256 bits y SSL, y nunca se comparten sin su consentimiento.",
  competitiveRates: "Tasas competitivas",
  noHiddenFees: "Sin cargos ocultos.",
  howItWorks: "Cómo funciona",
  whoDecides: "Deciden los prestamistas, no {{site}}: cada prestamista fija sus propias condiciones y hace o rechaza su propia oferta.",
  step: "Paso {{n}}: ",
  applyOnline: "Solicite en línea",
  applyOnlineText: "Cuéntenos sobre su negocio en una solicitud sencilla que toma menos de 10 minutos.",
  review: "Revisión inmediata del negocio",
  reviewText: "Nuestro sistema de revisión y nuestro equipo evalúan su solicitud y lo conectan con prestamistas autorizados.",
  getFunded: "Reciba los fondos",
  getFundedText: "Acepte la oferta que elija; el prestamista la desembolsa según lo que indica su oferta.",
  ctaHeading: "¿Listo para hacer crecer su negocio?",
  ctaText: "Solicite en menos de 10 minutos. Cada oferta muestra su prestamista, su tasa de porcentaje anual (APR) y cuándo desembolsa.",
  ctaButton: "Comience su solicitud",
};
