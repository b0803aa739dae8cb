/**
 * The Spanish resources, for the server only: in the browser build a `.server` module is empty, so
 * the client bundle carries English alone and a Spanish page brings its own texts (root.tsx,
 * `PageTexts`; entry.client.tsx registers them before hydrating).
 */
export { es as spanishResources } from "./es";
