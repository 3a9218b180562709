export * from './types.js';
export * from './rng.js';
export * from './canonical.js';
export * from './fold.js';
export * from './playout.js';
export * from './options.js';
export * from './schema.js';
