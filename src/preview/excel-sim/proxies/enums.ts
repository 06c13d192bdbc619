/**
 * Runtime values of the Excel enums product code uses (`Excel.SheetVisibility.veryHidden`, ...).
 * `@types/office-js` declares them ambiently; `satisfies EnumValues<typeof Excel.X>` makes each object list
 * exactly the members of the real enum with the same string values.
 */

type EnumValues<E> = { readonly [K in keyof E]: E[K] extends string ? `${E[K]}` : never };

export const SheetVisibility = {
  visible: 'Visible',
  hidden: 'Hidden',
  veryHidden: 'VeryHidden',
} as const satisfies EnumValues<typeof Excel.SheetVisibility>;

export const CalculationMode = {
  automatic: 'Automatic',
  automaticExceptTables: 'AutomaticExceptTables',
  manual: 'Manual',
} as const satisfies EnumValues<typeof Excel.CalculationMode>;

export const CalculationType = {
  recalculate: 'Recalculate',
  full: 'Full',
  fullRebuild: 'FullRebuild',
} as const satisfies EnumValues<typeof Excel.CalculationType>;

export const RangeValueType = {
  unknown: 'Unknown',
  empty: 'Empty',
  string: 'String',
  integer: 'Integer',
  double: 'Double',
  boolean: 'Boolean',
  error: 'Error',
  richValue: 'RichValue',
} as const satisfies EnumValues<typeof Excel.RangeValueType>;

export const ClearApplyTo = {
  all: 'All',
  formats: 'Formats',
  contents: 'Contents',
  hyperlinks: 'Hyperlinks',
  removeHyperlinks: 'RemoveHyperlinks',
  resetContents: 'ResetContents',
} as const satisfies EnumValues<typeof Excel.ClearApplyTo>;

export const DeleteShiftDirection = { up: 'Up', left: 'Left' } as const satisfies EnumValues<typeof Excel.DeleteShiftDirection>;

export const InsertShiftDirection = { down: 'Down', right: 'Right' } as const satisfies EnumValues<typeof Excel.InsertShiftDirection>;

export const ErrorCodes = {
  accessDenied: 'AccessDenied',
  apiNotFound: 'ApiNotFound',
  conflict: 'Conflict',
  dirtySupportingFormula: 'DirtySupportingFormula',
  emptyChartSeries: 'EmptyChartSeries',
  filteredRangeConflict: 'FilteredRangeConflict',
  formulaLengthExceedsLimit: 'FormulaLengthExceedsLimit',
  generalException: 'GeneralException',
  inactiveWorkbook: 'InactiveWorkbook',
  insertDeleteConflict: 'InsertDeleteConflict',
  invalidArgument: 'InvalidArgument',
  invalidBinding: 'InvalidBinding',
  invalidOperation: 'InvalidOperation',
  invalidReference: 'InvalidReference',
  invalidSelection: 'InvalidSelection',
  itemAlreadyExists: 'ItemAlreadyExists',
  itemNotFound: 'ItemNotFound',
  mergedRangeConflict: 'MergedRangeConflict',
  nonBlankCellOffSheet: 'NonBlankCellOffSheet',
  notImplemented: 'NotImplemented',
  openWorkbookLinksBlocked: 'OpenWorkbookLinksBlocked',
  operationCellsExceedLimit: 'OperationCellsExceedLimit',
  pivotTableRangeConflict: 'PivotTableRangeConflict',
  powerQueryRefreshResourceChallenge: 'PowerQueryRefreshResourceChallenge',
  rangeExceedsLimit: 'RangeExceedsLimit',
  rangeImageExceedsLimit: 'RangeImageExceedsLimit',
  refreshWorkbookLinksBlocked: 'RefreshWorkbookLinksBlocked',
  requestAborted: 'RequestAborted',
  responsePayloadSizeLimitExceeded: 'ResponsePayloadSizeLimitExceeded',
  unsupportedFeature: 'UnsupportedFeature',
  unsupportedFillType: 'UnsupportedFillType',
  unsupportedOperation: 'UnsupportedOperation',
  unsupportedSheet: 'UnsupportedSheet',
  invalidOperationInCellEditMode: 'InvalidOperationInCellEditMode',
} as const satisfies EnumValues<typeof Excel.ErrorCodes>;

/** `OfficeExtension.ErrorCodes` (the generic codes; payload limits are reported with these names too). */
export const OfficeExtensionErrorCodes = {
  accessDenied: 'AccessDenied',
  generalException: 'GeneralException',
  activityLimitReached: 'ActivityLimitReached',
  invalidObjectPath: 'InvalidObjectPath',
  propertyNotLoaded: 'PropertyNotLoaded',
  valueNotLoaded: 'ValueNotLoaded',
  invalidRequestContext: 'InvalidRequestContext',
  invalidArgument: 'InvalidArgument',
  runMustReturnPromise: 'RunMustReturnPromise',
  cannotRegisterEvent: 'CannotRegisterEvent',
  apiNotFound: 'ApiNotFound',
  connectionFailure: 'ConnectionFailure',
  requestPayloadSizeLimitExceeded: 'RequestPayloadSizeLimitExceeded',
  responsePayloadSizeLimitExceeded: 'ResponsePayloadSizeLimitExceeded',
} as const satisfies { readonly [K in keyof typeof OfficeExtension.ErrorCodes]?: string } & Record<string, string>;
