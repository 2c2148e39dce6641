#!/usr/bin/env node
// Runs the compiled CLI (built by `npm install` / `npm run build` into dist/). Never runs TypeScript directly.
import { cli } from '../dist/badzone.js';

await cli();
