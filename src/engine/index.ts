export * from './state.js';
export * from './dice.js';
export * from './resolve.js';
export * from './phases.js';
export * from './step.js';
