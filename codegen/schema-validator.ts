// One Ajv 2020-12 instance (strict mode) holding every schema of schemas/, so a caller validates a
// document by its schema's $id. The protocol kit, the stack kit, the reference's tests and the repo's
// scripts all read the schemas through this module: it sits beside schema-set.ts, below all of them.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { listSchemaFiles } from './schema-set.ts';

export function loadSchemas(): InstanceType<typeof Ajv2020> {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  for (const f of listSchemaFiles()) ajv.addSchema(f.schema);
  return ajv;
}
