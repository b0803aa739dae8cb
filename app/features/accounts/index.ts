/**
 * The public entry of this feature for code outside it (client-safe: no server module).
 * Other features and the shared folders import only from here or from index.server.ts.
 */
export { AccountFields, LoginSchema } from "./auth.schema";
export { emailField, firstNameField, lastNameField, newPasswordField, optionalCheckbox, requiredCheckbox } from "./fields.schema";
