/**
 * The public entry of this feature for code outside it (client-safe: no server module).
 * Other features and the shared folders import only from here or from index.server.ts.
 */
export {
  ApiCreateApplicationBodySchema,
  ApiErrorSchema,
  ApiIdParamsSchema,
  ApiMessageSchema,
  ApiStatusParamsSchema,
  ApiStatusPathSchema,
  ApiValidationErrorSchema,
  APPLICATION_DEFAULTS,
  mergeApplicationValues,
} from "./api.schema";
export { LifecycleTimeline } from "./components/lifecycle-timeline";
export {
  type Actor,
  type AdminStatusChoice,
  buildTimeline,
  hasAcceptedStage,
  type Move,
  planMove,
  type Stage,
  stageLabel,
  stageWords,
  statusAfterMove,
  type TimelineStep,
} from "./domain/loan-lifecycle";
export { getStatusDisplay, type StatusDisplay, type StatusIcon } from "./domain/status-display";
export {
  adminFacts,
  APPLICATION_FIELDS,
  type AnyFieldValues,
  type ApplicationFieldValues,
  CSV_FIELDS,
  csvCell,
  FIELD_NAMES,
  type FieldName,
  fieldValuesOfRow,
} from "./fields";
