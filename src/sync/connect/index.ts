export {
  newProfileId,
  parseProfile,
  PROFILE_KINDS,
  ProfileSchema,
  type ConnectionProfile,
  type ProfileInput,
  type ProfileKind,
  type ProfileParse,
  type ProfileProblem,
} from './profile';
export { MemoryKeyValueStorage, PROFILES_KEY, ProfileStore, SECRET_KEY_PREFIX, type KeyValueStorage } from './profile-store';
export {
  checkWorkbookConnection,
  MemoryWorkbookConnectionStore,
  parseWorkbookConnection,
  readWorkbookConnection,
  WorkbookConnectionSchema,
  type WorkbookConnection,
  type WorkbookConnectionReading,
  type WorkbookConnectionStore,
} from './workbook-connection';
export {
  CONNECT_DEADLINE_MS,
  Connections,
  type ActiveConnection,
  type CheckConnection,
  type ConnectionsOptions,
  type ConnectProblem,
  type ConnectResult,
  type WorkbookMatch,
} from './connection';
export { DEMO_CLIENT_ID, DEMO_COMPANY_ID, DEMO_PROFILE_ID, DEMO_SECRET, demoProfile, sandboxAvailable } from './demo';
export { baseUrlProblem, type BaseUrlProblem } from './base-url-problem';
