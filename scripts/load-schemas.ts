// An Ajv 2020-12 instance in strict mode holding every schema of schemas/, for tests and tools.
import Ajv2020 from 'ajv/dist/2020.js';
import { listSchemaFiles } from './schema-files.ts';

export function loadSchemas(): InstanceType<typeof Ajv2020> {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  for (const f of listSchemaFiles()) ajv.addSchema(f.schema);
  return ajv;
}
