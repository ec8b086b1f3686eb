/**
 * The modules the worker lends its parts (lib/background/parts.ts). A part's build takes each
 * module named here from `__mcShared` instead of bundling a copy (scripts/worker-parts.ts reads
 * the `import * as` lines below), so the worker and its parts share one instance of each: one
 * ApiError class, one session refresh. The build fails when a module ends up in both.
 */
import * as api from '@/lib/api';
import * as apiErrors from '@/lib/api/errors';
import * as apiUnits from '@/lib/api/units';
import * as archive from '@/lib/archive';
import * as calendarStore from '@/lib/calendar/store';
import * as deliveryOutbox from '@/lib/delivery/outbox';
import * as failures from '@/lib/failures';
import * as failuresDescribe from '@/lib/failures/describe';
import * as formatLabel from '@/lib/format/label';
import * as formatTime from '@/lib/format/time';
import * as i18n from '@/lib/i18n';
import * as jobsDescribe from '@/lib/jobs/describe';
import * as jobsTypes from '@/lib/jobs/types';
import * as links from '@/lib/links';
import * as messaging from '@/lib/messaging';
import * as messagingSchemas from '@/lib/messaging-schemas';
import * as pageConditions from '@/lib/page/conditions';
import * as permissions from '@/lib/permissions';
import * as recordingPieces from '@/lib/recording/pieces';
import * as recordingState from '@/lib/recording/state';
import * as recordingStore from '@/lib/recording/store';
import * as serial from '@/lib/serial';
import * as sessionStore from '@/lib/session-store';
import * as storage from '@/lib/storage';
import * as serviceUrl from '@/lib/url/service-url';
import * as app from './app';
import * as menus from './menus';
import * as notifications from './notifications';
import * as offscreen from './offscreen';
import * as parts from './parts';
import * as session from './session';
import * as texts from './texts';

const SHARED = {
  api,
  apiErrors,
  archive,
  calendarStore,
  failures,
  failuresDescribe,
  formatLabel,
  formatTime,
  i18n,
  jobsDescribe,
  jobsTypes,
  links,
  messaging,
  messagingSchemas,
  pageConditions,
  permissions,
  recordingPieces,
  recordingState,
  recordingStore,
  serial,
  sessionStore,
  storage,
  serviceUrl,
  app,
  menus,
  notifications,
  offscreen,
  parts,
  session,
  texts,
  apiUnits,
  deliveryOutbox,
};

/** Lends the modules above to the parts; before any part is loaded. */
export function shareModules(): void {
  (globalThis as unknown as { __mcShared: typeof SHARED }).__mcShared = SHARED;
}
