/** Charges and creations the service made more than once: detection, the log, the words. */
export { assessClassifyCharge, type ChargeAssessment, type Reading } from './arithmetic';
export { DUPLICATE_WINDOW_MS, findDuplicates } from './duplicates';
export { addIncident, addOwn, emptyLog, settleOwn, supportText } from './log';
export { type ChargeLogStore, chargeLogItem, memoryChargeLog, storageChargeLog } from './store';
export { chargeTextRegistry, incidentText, incidentTitle } from './texts';
export type { ChargeIncident, ChargeLog, IncidentKind, OwnCharge } from './types';
export { ChargeWatch, type ChargeWatchDeps, usageOf } from './watch';
