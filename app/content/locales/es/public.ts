/** Spanish (US) texts, namespace "public": the keys of en/public.ts, translated (docs/i18n.md). */
import type { Resources } from "~/content/locales/en";
import { site } from "~/content/site";

const titleFor = (name: string) => `${name} | ${site.name}`;
const sideBySide = {
  title: "Ofertas lado a lado",
  text: "La oferta de cada prestamista muestra su tasa de porcentaje anual (APR), su pago y su costo total en el mismo formato.",
};
const fastDecisions = {
  title: "Decisiones rápidas",
  text: "Presente su solicitud en línea en menos de 10 minutos y reciba una decisión en 24 a 48 horas.",
};
const noFees = "Sin comisión por solicitud y sin cargos ocultos";
const decision = "Decisión en 24 a 48 horas";
const noCreditImpact = "Consultar su tasa no afecta su puntaje de crédito";

export const publicTexts: Resources["public"] = {
  hours: "lun. a vie., de 9 a. m. a 6 p. m. (hora del Este)",
  notFound: {
    title: "404: página no encontrada",
    body: "La página que busca no existe o se ha movido.",
    home: "Volver al inicio",
    apply: "Solicitar un préstamo",
  },
  routeError: {
    title404: "404: página no encontrada",
    titleOther: "Algo salió mal",
    title503: "Servicio no disponible por el momento",
    unavailable: "No podemos atender su solicitud en este momento. Inténtelo de nuevo en unos minutos.",
    nothingLost: "No se pierde nada de lo que ya guardó o envió.",
    tryAgain: "Intentar de nuevo",
    needHelp: "¿Necesita ayuda ahora? Llame al {{phone}} o escriba a",
    notFound: "La página que busca no existe o se ha movido.",
    other: "No pudimos completar su solicitud. Inténtelo de nuevo en un momento.",
    home: "Volver al inicio",
  },
  footer: {
    equalCredit:
      "Igualdad de oportunidades de crédito: la Ley federal de Igualdad de Oportunidades de Crédito (Equal Credit Opportunity Act) prohíbe a los acreedores discriminar a los solicitantes de crédito por motivos de raza, color, religión, origen nacional, sexo, estado civil o edad, porque sus ingresos provengan de asistencia pública, o porque el solicitante haya ejercido un derecho conforme a la Ley de Protección al Crédito del Consumidor (Consumer Credit Protection Act).",
  },
  products: {
    "startup-capital-loans": {
      name: "Préstamos de capital inicial",
      title: titleFor("Préstamos de capital inicial"),
      metaDescription:
        "Préstamos de capital inicial de prestamistas autorizados: compare sus ofertas lado a lado. Consultar su tasa no afecta su puntaje de crédito.",
      headline: "Préstamos de capital inicial",
      subheadline: "Financiamiento para poner en marcha su negocio joven, de prestamistas que financian negocios nuevos.",
      highlightTitles: { 0: sideBySide.title, 1: "Un plazo a su medida", 2: fastDecisions.title },
      highlightTexts: {
        0: sideBySide.text,
        1: "Elija un calendario de pagos que se ajuste a su flujo de efectivo mientras su negocio se afianza.",
        2: fastDecisions.text,
      },
      benefits: { 0: noFees, 1: noCreditImpact },
      listHeading: "Usos comunes",
      list: {
        0: "Inventario inicial y suministros",
        1: "Mercadeo y publicidad de lanzamiento",
        2: "Contratar a sus primeros empleados",
        3: "Herramientas, equipos y tecnología",
        4: "Depósitos de arrendamiento y costos de acondicionamiento",
      },
    },
    "working-capital-loans": {
      name: "Préstamos de capital de trabajo",
      title: titleFor("Préstamos de capital de trabajo"),
      metaDescription:
        "Préstamos de capital de trabajo de prestamistas autorizados para nómina, renta, proveedores y baches de temporada. Sin comisión por solicitud.",
      headline: "Préstamos de capital de trabajo",
      subheadline: "Mantenga sus operaciones diarias en marcha con un préstamo de un prestamista que financia capital de trabajo.",
      highlightTitles: { 0: sideBySide.title, 1: "Sin comisión por solicitud", 2: "Cubra los gastos diarios" },
      highlightTexts: {
        0: sideBySide.text,
        1: "Solicitar es gratis; cualquier comisión de originación aparece en la oferta antes de que la acepte.",
        2: "Mantenga al día la nómina, la renta y a sus proveedores durante los meses flojos y los cambios de temporada.",
      },
      benefits: { 0: decision, 1: noFees },
      listHeading: "Usos comunes",
      list: {
        0: "Nómina",
        1: "Inventario y suministros",
        2: "Renta y servicios públicos",
        3: "Baches de flujo de efectivo de temporada",
        4: "Gastos imprevistos",
      },
    },
    "equipment-financing": {
      name: "Financiamiento de equipos",
      title: titleFor("Financiamiento de equipos"),
      metaDescription:
        "Financiamiento de equipos de prestamistas autorizados para maquinaria, vehículos y tecnología, sin pago inicial.",
      headline: "Financiamiento de equipos",
      subheadline: "Obtenga la maquinaria, los vehículos y la tecnología que su negocio necesita, sin pago inicial.",
      highlightTitles: { 0: "Sin pago inicial", 1: "Un plazo a su medida", 2: sideBySide.title },
      highlightTexts: {
        0: "Financie sus equipos sin dar dinero por adelantado.",
        1: "Reparta el costo en un plazo acorde con la vida útil de sus equipos.",
        2: sideBySide.text,
      },
      benefits: { 0: "Sin pago inicial", 1: decision },
      listHeading: "Ideal para",
      list: {
        0: "Restaurantes que renuevan su equipo de cocina",
        1: "Empresas de construcción y jardinería",
        2: "Consultorios médicos y dentales",
        3: "Fabricantes y talleres",
        4: "Oficinas que reemplazan computadoras y tecnología",
      },
    },
    "business-expansion-loans": {
      name: "Préstamos para expansión del negocio",
      title: titleFor("Préstamos para expansión del negocio"),
      metaDescription:
        "Préstamos para expansión del negocio de prestamistas autorizados: un nuevo local, más personal, pedidos más grandes. Compare ofertas lado a lado.",
      headline: "Préstamos para expansión del negocio",
      subheadline: "Lleve su negocio al siguiente nivel con un préstamo de un prestamista que financia el crecimiento.",
      highlightTitles: { 0: sideBySide.title, 1: "Un plazo a su medida", 2: fastDecisions.title },
      highlightTexts: {
        0: sideBySide.text,
        1: "Pague su inversión en crecimiento en un plazo que se ajuste a sus planes.",
        2: fastDecisions.text,
      },
      benefits: { 0: noFees, 1: decision },
      listHeading: "Usos comunes",
      list: {
        0: "Abrir un nuevo local",
        1: "Renovar o ampliar su espacio",
        2: "Contratar y capacitar personal",
        3: "Lanzar nuevos productos o servicios",
        4: "Pedidos de inventario más grandes",
        5: "Campañas de mercadeo",
      },
    },
    "small-business-funding": {
      name: "Financiamiento para pequeñas empresas",
      title: titleFor("Financiamiento para pequeñas empresas"),
      metaDescription:
        "Financiamiento para pequeñas empresas de 1 a 100 empleados, de prestamistas autorizados. Consultar su tasa no afecta su puntaje de crédito.",
      headline: "Financiamiento para pequeñas empresas",
      subheadline: "Financiamiento pensado para empresas de 1 a 100 empleados, de todos los prestamistas de nuestra plataforma.",
      highlightTitles: { 0: "Pensado para equipos pequeños", 1: sideBySide.title, 2: "Solicitud rápida en línea" },
      highlightTexts: {
        0: "Diseñado para empresas de 1 a 100 empleados.",
        1: sideBySide.text,
        2: "Presente su solicitud en menos de 10 minutos; consultar su tasa no afecta su puntaje de crédito.",
      },
      benefits: { 0: "Para empresas de 1 a 100 empleados", 1: decision, 2: noFees },
      listHeading: "Ideal para",
      list: {
        0: "Tiendas minoristas y tiendas en línea",
        1: "Restaurantes y cafeterías",
        2: "Servicios profesionales y de oficios",
        3: "Consultorios de salud y bienestar",
        4: "Negocios familiares",
      },
    },
    "commercial-real-estate": {
      name: "Bienes raíces comerciales",
      title: titleFor("Préstamos para bienes raíces comerciales"),
      metaDescription:
        "Financiamiento de bienes raíces comerciales de prestamistas autorizados para oficinas, locales comerciales, almacenes y otras propiedades comerciales.",
      headline: "Préstamos para bienes raíces comerciales",
      subheadline: "Financie la propiedad desde la que trabaja su negocio, con un prestamista que financia propiedades comerciales.",
      highlightTitles: { 0: "Tipos de propiedad", 1: "Ubicaciones privilegiadas", 2: "Plazos largos" },
      highlightTexts: {
        0: "Financiamiento para oficinas, centros comerciales, almacenes, propiedades de uso mixto y otras propiedades comerciales.",
        1: "Asegure un espacio en las ubicaciones que ayudan a su negocio a llegar a sus clientes.",
        2: "Pague en un plazo adecuado para una propiedad, indicado en la oferta de cada prestamista.",
      },
      benefits: { 0: "Asesoría experta", 1: "Pagos mensuales fijos" },
      listHeading: "Tipos de propiedad que se financian",
      list: {
        0: "Edificios de oficinas",
        1: "Centros comerciales",
        2: "Almacenes industriales",
        3: "Desarrollos de uso mixto",
        4: "Instalaciones médicas",
        5: "Instalaciones de autoalmacenamiento",
        6: "Propiedades para restaurantes",
        7: "Edificios de uso especial",
      },
    },
  },
  product: {
    notFoundTitle: "404: página no encontrada | {{site}}",
    borrow: "Pida prestado de {{amounts}}",
    readyHeading: "¿Listo para comenzar?",
    ratesFrom: "Tasas desde",
    ratesFromValue: "Tasas desde {{rate}}",
    terms: "Plazos",
    termsValue: "Plazos: {{terms}}",
    amounts: "Montos",
    applyNow: "Solicitar ahora",
    creditScore: "Consultar su tasa no afecta su puntaje de crédito.",
    specialist: "Hable con un especialista en préstamos",
    exampleHeading: "Ejemplo representativo",
    exampleBorrow: "Pida prestado",
    exampleOver: "a {{months}} meses con {{apr}}:",
    perMonth: " / mes",
    exampleNote: "De un prestamista de nuestra plataforma hoy; no es una oferta. Su tasa depende de su solicitud.",
    tryNumbers: "Pruebe con sus propias cifras",
    eyebrow: "Préstamos comerciales",
    keyFigures: "Cifras clave",
    noActive:
      "Ningún prestamista de nuestra plataforma ofrece este producto en este momento. Aun así puede presentar su solicitud: la comparamos con todos los prestamistas que se ajusten a ella.",
    estimate: "Calcule su pago",
    highlights: "Lo más destacado",
    benefits: "Beneficios",
    ratesAndTerms: "Tasas y plazos",
    repaymentTerms: "Plazos de pago",
    loanAmounts: "Montos del préstamo",
    rateDepends:
      "Su tasa depende del puntaje de crédito de su empresa, el tiempo que lleva operando, sus ingresos anuales, el tipo de industria, y el monto y el plazo del préstamo. Sin comisión por solicitud; un prestamista puede cobrar una comisión de originación.",
    noPrepayment: "Sin penalidad por pago anticipado.",
    prepaymentDepends: "Si puede pagar por adelantado sin cargo depende del prestamista: cada oferta lo indica.",
    ctaHeading: "Presente su solicitud en menos de 10 minutos",
    ctaText: "La mayoría de las solicitudes reciben una decisión en 24 a 48 horas.",
  },
  claims: {
    apr: "{{rate}}% de tasa de porcentaje anual (APR)",
    range: "{{from}}% a {{to}}",
    example: "Ejemplo: {{amount}} a {{months}} meses con {{apr}}, {{payment}} al mes, total {{total}}.",
    amounts: "{{min}} a {{max}}",
    months_one: "{{count}} mes",
    months_other: "{{count}} meses",
    years_one: "{{count}} año",
    years_other: "{{count}} años",
    yearsAndMonths: "{{years}} y {{months}}",
    termRange: "{{from}} a {{to}}",
    fundingSameDay: "Fondos el mismo día en que acepta una oferta, con algunos prestamistas",
    funding_one: "Fondos en tan solo {{count}} día hábil después de aceptar una oferta",
    funding_other: "Fondos en tan solo {{count}} días hábiles después de aceptar una oferta",
    prepaymentAll: "Sin penalidad por pago anticipado",
    prepaymentSome: "Sin penalidad por pago anticipado con algunos prestamistas",
    factors:
      "Su tasa depende del puntaje de crédito de su empresa, el tiempo que lleva operando, sus ingresos anuales, el tipo de industria, y el monto y el plazo del préstamo que elija.",
    amountsPerProduct: "La página de cada producto de préstamo muestra los montos y plazos que ofrecen sus prestamistas.",
    decisionNoClaims:
      "La mayoría de las solicitudes reciben una decisión en 24 a 48 horas; cada oferta indica cuándo entrega los fondos su prestamista.",
    prepaymentNoClaims: "Sí. Cada oferta indica las condiciones de pago anticipado de su prestamista antes de que la acepte.",
    ratesToday: "Las tasas en nuestra plataforma hoy van de {{range}}. {{example}} {{factors}}",
    borrowOver:
      "Puede pedir prestado de {{amounts}}, a un plazo de {{terms}}. La página de cada producto de préstamo muestra los montos y plazos que ofrecen sus prestamistas.",
    decision:
      "La mayoría de las solicitudes reciben una decisión en 24 a 48 horas. {{funding}}cada oferta indica cuándo entrega los fondos su prestamista.",
    decisionFunding: "{{funding}}; ",
    prepaymentYesAll:
      "Sí. Ningún prestamista de nuestra plataforma cobra penalidad por pago anticipado, así que puede pagar su préstamo por adelantado sin costo adicional.",
    prepaymentYesSome:
      "Sí. Algunos prestamistas no cobran penalidad por pago anticipado; otros cobran un cargo por pago anticipado, que su oferta indica antes de que la acepte.",
    prepaymentYesNone:
      "Sí, pero los prestamistas de nuestra plataforma cobran un cargo por pago anticipado; cada oferta lo indica antes de que la acepte.",
  },
  calculator: {
    title: "Calculadora de préstamos comerciales | {{site}}",
    description:
      "Calcule el pago mensual, el total de pagos y el interés total de un préstamo comercial según el monto, la tasa de porcentaje anual (APR) y el plazo.",
    heading: "Calculadora de préstamos comerciales",
    intro: "Vea cuánto podría costarle cada mes un préstamo comercial. Ingrese un monto, una tasa de interés y un plazo.",
    factorsHeading: "¿Qué influye en su tasa?",
    ratesToday: "Las tasas de los prestamistas de nuestra plataforma hoy van de {{range}}. {{example}} ",
    dependsOn: "Su tasa depende de:",
    factors: {
      0: "Puntaje de crédito de la empresa",
      1: "Tiempo que lleva operando",
      2: "Ingresos anuales",
      3: "Tipo de industria",
      4: "Monto y plazo del préstamo",
    },
    note: "Los resultados son solo estimaciones y no constituyen una oferta de crédito. Su tasa, su pago y sus condiciones reales dependen de su solicitud y de la oferta del prestamista.",
    details: "Detalles del préstamo",
    amountLabel: "Monto del préstamo ($)",
    aprLabel: "Tasa de interés (APR %)",
    termLabel: "Plazo del préstamo",
    months: "{{count}} meses",
    calculate: "Calcular el pago",
    summary: "Resumen de pagos",
    monthlyPayment: "Pago mensual",
    totalPayment: "Total de pagos",
    totalInterest: "Interés total",
    loanAmount: "Monto del préstamo",
    interestRate: "Tasa de interés",
    aprValue: "{{apr}}% APR",
    applyNow: "Solicitar ahora",
  },
  faq: {
    title: "Preguntas frecuentes | {{site}}",
    description:
      "Respuestas sobre cómo calificar para un préstamo comercial, tasas, plazos, tiempos de decisión, comisiones, consultas de crédito y los documentos que necesita.",
    heading: "Preguntas frecuentes",
    intro: "Todo lo que necesita saber para solicitar un préstamo comercial con {{site}}.",
    stillHeading: "¿Todavía tiene preguntas?",
    call: "Llame al",
    orEmail: "o escriba a",
    applyNow: "Solicitar ahora",
    useCalculator: "Usar la calculadora",
    resourcesHeading: "Recursos útiles",
    resources: {
      "/startup-capital-loans": "Préstamos de capital inicial",
      "/loan-calculator": "Calculadora de préstamos",
      "/loan-application": "Comience su solicitud",
    },
    questions: {
      "who-qualifies": "¿Quién califica para un préstamo comercial?",
      "interest-rates": "¿Qué tasas de interés ofrecen?",
      "loan-amounts-and-terms": "¿Cuánto puedo pedir prestado y por cuánto tiempo?",
      "decision-time": "¿Cuánto tarda la decisión y la entrega de los fondos?",
      "reapply-after-decline": "Si rechazan mi solicitud, ¿puedo volver a presentarla?",
      prepayment: "¿Puedo pagar mi préstamo por adelantado?",
      fees: "¿Hay alguna comisión?",
      "credit-score-impact": "¿Consultar mi tasa afecta mi puntaje de crédito?",
      "documents-needed": "¿Qué documentos necesito?",
      "information-security": "¿Cómo se protege mi información?",
    },
    answers: {
      "who-qualifies":
        "Para calificar, por lo general necesita un puntaje de crédito de 600 o más, al menos 6 meses de operación, ingresos anuales de al menos $50,000, un negocio con sede en los EE. UU. y ninguna bancarrota reciente. Los solicitantes también deben confirmar que son ciudadanos estadounidenses y que tienen al menos 18 años.",
      "interest-rates":
        "Su tasa depende del puntaje de crédito de su empresa, el tiempo que lleva operando, sus ingresos anuales, el tipo de industria, y el monto y el plazo del préstamo que elija. (La página agrega el rango de hoy del catálogo de prestamistas.)",
      "loan-amounts-and-terms":
        "La página de cada producto de préstamo muestra los montos y plazos que ofrecen sus prestamistas. (La página agrega las cifras de hoy del catálogo de prestamistas.)",
      "decision-time":
        "La mayoría de las solicitudes reciben una decisión en 24 a 48 horas; cada oferta indica cuándo entrega los fondos su prestamista. (La página agrega el tiempo de entrega más rápido del catálogo de prestamistas.)",
      "reapply-after-decline": "Sí. Por lo general, los solicitantes rechazados pueden volver a presentar una solicitud después de 60 a 90 días.",
      prepayment:
        "Sí. Cada oferta indica las condiciones de pago anticipado de su prestamista antes de que la acepte. (La página escribe esta respuesta a partir del catálogo de prestamistas.)",
      fees: "No hay comisión por solicitud ni cargos ocultos. Su préstamo puede incluir una comisión de originación.",
      "credit-score-impact":
        "No. Consultar su tasa no afecta su puntaje de crédito. En el paso de revisión, al enviar su solicitud, usted nos autoriza a verificar su información y consultar su crédito.",
      "documents-needed":
        "Puede subir una identificación oficial (frente y reverso), los documentos de su LLC, el documento de su EIN, sus estados de cuenta bancarios de los últimos 3 meses y su tarjeta del Seguro Social. Ninguno es obligatorio para enviar su solicitud, pero proporcionarlos agiliza la revisión.",
      "information-security":
        "Su información y sus documentos están protegidos con cifrado de 256 bits y SSL, y sus documentos nunca se comparten sin su consentimiento.",
    },
  },
  licenses: {
    title: "Licencias | {{site}}",
    description:
      "Quién opera {{site}} y los números NMLS de sus prestamistas asociados, con enlaces a NMLS Consumer Access.",
    heading: "Licencias",
    whoRuns: "Quién opera {{site}}",
    operatedBy: "{{site}} es operado por {{name}}, {{address}}.",
    noLoans: "{{site}} no otorga préstamos: los prestamistas asociados que aparecen abajo deciden sobre las solicitudes y hacen todas las ofertas.",
    lendersHeading: "Prestamistas asociados",
    lendersIntro:
      "Cada prestamista que puede hacerle una oferta hoy, con su identificador único NMLS. El enlace abre su registro en NMLS Consumer Access, donde puede consultar en qué estados está autorizado.",
    noNmls: "Número NMLS no registrado",
  },
  status: {
    title: "Estado de la solicitud | {{site}}",
    description:
      "Consulte el estado de su solicitud de préstamo comercial con el número de solicitud de su correo electrónico de confirmación.",
    heading: "Consulte el estado de su solicitud",
    intro: "Ingrese el número de solicitud de su correo electrónico de confirmación para ver en qué etapa está su solicitud.",
    lookUp: "Buscar una solicitud",
    idLabel: "Número de solicitud",
    idHint: "Lo encontrará en su correo electrónico de confirmación «Solicitud enviada».",
    checking: "Consultando...",
    check: "Consultar el estado",
    details: "Detalles de la solicitud",
    number: "Número de solicitud",
    status: "Estado",
    amount: "Monto del préstamo",
    purpose: "Propósito del préstamo",
    submitted: "Enviada",
    notSubmitted: "Aún no enviada",
    nextSteps: "Próximos pasos",
    whereItIs: "En qué etapa está su solicitud",
    questions: "¿Preguntas sobre su solicitud? Llame al",
    orEmail: "o escriba a",
    helpHeading: "¿Necesita ayuda?",
    helpText:
      "Le enviamos su número de solicitud por correo electrónico en la confirmación «Solicitud enviada». Comienza con APP-.",
    timelineHeading: "Plazos habituales",
    notApplied: "¿Todavía no ha presentado una solicitud?",
    start: "Comience su solicitud",
    timeline: { 0: "Revisión inicial", 1: "Solicitud de documentos", 2: "Aprobación final", 3: "Entrega de fondos" },
    timelineTimes: { 0: "24 a 48 horas", 1: "1 a 3 días", 2: "2 a 5 días hábiles", 3: "El mismo día a 1 día hábil" },
  },
  stages: {
    draft: {
      label: "No enviada",
      summary: "Esta solicitud aún no se ha enviado.",
      next: "Termine y envíe la solicitud para que la comparemos con nuestros prestamistas asociados.",
    },
    submitted: {
      label: "Enviada",
      summary: "Recibimos su solicitud y la estamos comparando con nuestros prestamistas asociados.",
      next: "Nos comunicaremos con usted en 24 a 48 horas con novedades.",
    },
    "offers-ready": {
      label: "Ofertas listas",
      summary: "Prestamistas asociados le han hecho ofertas.",
      next: "Compare las ofertas y acepte la que prefiera antes de que venza. Nada es definitivo hasta que firme una.",
    },
    "no-lender-match": {
      label: "Ningún prestamista disponible",
      summary: "Ninguno de nuestros prestamistas asociados puede hacer una oferta para esta solicitud.",
      next: "No hay nada que aceptar y no hay fondos en camino. Vea abajo los motivos y lo que puede hacer; una nueva solicitud se vuelve a comparar.",
    },
    "offer-accepted": {
      label: "Oferta aceptada",
      summary: "Usted aceptó la oferta de un prestamista.",
      next: "El prestamista verificará sus datos y documentos antes de enviar el dinero; es posible que le pida más.",
    },
    "lender-verifying": {
      label: "El prestamista está verificando",
      summary: "El prestamista está verificando sus datos y documentos.",
      next: "Una vez que el prestamista los verifique, envía el dinero; la entrega de los fondos suele tardar desde el mismo día hasta 1 día hábil después.",
    },
    funded: {
      label: "Fondos entregados",
      summary: "El prestamista envió el dinero.",
      next: "Sus pagos siguen el calendario de la oferta que aceptó.",
    },
    declined: {
      label: "Rechazada",
      summary: "Esta solicitud fue rechazada.",
      next: "Le enviamos por correo electrónico la decisión y sus motivos. Por lo general, los solicitantes pueden volver a presentar una solicitud después de 60 a 90 días.",
    },
    withdrawn: {
      label: "Retirada",
      summary: "Esta solicitud se canceló; no se otorgará ningún préstamo a partir de ella.",
      next: "El motivo aparece arriba y también se le envía por correo electrónico. Puede comenzar una nueva solicitud en cualquier momento.",
    },
  },
  statuses: {
    underReview: "En revisión",
    underReviewSummary: "Nuestro equipo está revisando su solicitud.",
    underReviewNext: "Es posible que le pidamos documentación adicional.",
    pending: "Pendiente",
    fundedSummary: "El prestamista envió {{amount}} el {{on}}.",
    reason: "{{summary}} Motivo: {{note}}",
  },
  lifecycle: {
    timeline: "Cronología",
    progressOf: "Avance de {{reference}}",
    notYet: "Todavía no",
    now: "Ahora",
    currentStep: ", paso actual",
    done: ", completado",
    notYetSr: ", todavía no",
    whyNoMatch: "Por qué ningún prestamista pudo hacer una oferta",
    whatYouCanDo: "Qué puede hacer",
    startNew: "Comenzar una nueva solicitud",
  },
};
