// Checks a Mermaid file with Mermaid's own parser, so the exports test reads the generated
// flowcharts the way GitHub and the wikis will. It exists because `mermaid.parse` wants a browser:
// it sanitizes every label with DOMPurify, which in plain node has no `window` and fails, and
// Mermaid 12 also needs Node >= 22. So this pins Mermaid 11 (Node 20) and gives DOMPurify a jsdom
// `window`, set before Mermaid is imported since DOMPurify takes the global window on load.
//
// Usage: node tests/tools/mermaid-parse.mjs FILE.mmd   → prints `ok`, or the parser's error and exits 1.

import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';

const file = process.argv[2];
if (!file) {
  console.error('usage: node tests/tools/mermaid-parse.mjs FILE.mmd');
  process.exit(2);
}
const text = readFileSync(file, 'utf8');

globalThis.window = new JSDOM('').window;
const { default: mermaid } = await import('mermaid');

try {
  await mermaid.parse(text);
  console.log('ok');
} catch (error) {
  console.log(error?.message ?? String(error));
  process.exit(1);
}
