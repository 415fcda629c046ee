// Reads every request and never answers.
import { serve } from './serve.mjs';
serve(() => {});
setInterval(() => {}, 1 << 30);
