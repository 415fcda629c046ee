// Answers with a line that is not JSON.
import { serve } from './serve.mjs';
serve(() => process.stdout.write('this is not json\n'));
