// The version the reference adapter states in its handshake: the package's, restated here so the
// adapter does not import package.json (a build would copy that manifest into dist/).
// scripts/version.test.ts holds it equal to package.json and the spec.
export const REFERENCE_VERSION = '1.0.0-alpha.3';
