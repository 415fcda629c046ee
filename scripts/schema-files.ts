// Where the schemas live: the answer is codegen/schema-set.ts (the package ships it); the scripts and
// tests keep importing it from here.
export {
  ID_BASE,
  SCHEMA_DIR,
  fileForId,
  listSchemaFiles,
  PACKAGE_ROOT as ROOT,
  type SchemaFile,
  GENERATED_MARK,
  isGeneratedSchema,
} from '../codegen/schema-set.ts';
