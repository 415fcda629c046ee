// Privacy levels and the audit record (spec/06-privacy.md).
export { PRIVACY_LEVELS, DEFAULT_PRIVACY_LEVEL, effectivePrivacyLevel, isPrivacyLevel } from './levels.ts';
export type { PrivacyLevel } from './levels.ts';
export { defaultRedactor, maskSecrets, capLeaf, hasSecretShape, MASK, LEAF_CAP, LEAF_CAP_NOTICE } from './redactor.ts';
export type { Redactor } from './redactor.ts';
export { auditSummary } from './summary.ts';
export type { AuditSummary } from './summary.ts';
export { auditRecord, redactResult, AUDIT_RECORD_VERSION } from './audit-record.ts';
export type { AuditRecord, AuditOptions, RedactedResult } from './audit-record.ts';
export type { RedactedArtifact } from './redact-value.ts';
