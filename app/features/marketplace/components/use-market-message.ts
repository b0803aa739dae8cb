/**
 * A marketplace message (MARKET_MSG, or one of the spec's messages) in the page's language: the
 * server and the API answer in English; the page shows the translation (namespace "offers", `msg`,
 * looked up by ~/ui/use-message), or the text as it came when it is no known message.
 */
export { useMessage as useMarketMessage } from "~/ui/use-message";
