export * from './expression.js';
export * from './rng.js';
