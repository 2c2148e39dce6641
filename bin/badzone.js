#!/usr/bin/env node
// Runs the compiled CLI (built by `npm install` / `npm run build` into dist/). Never runs TypeScript directly.
// CommonJS (see bin/package.json), like the bundle: one synchronous require, the fastest start Node 20 offers
// (scripts/build.mjs says why).
'use strict';
require('../dist/badzone.js').cli();
