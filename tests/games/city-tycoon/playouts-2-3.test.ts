import { playoutSuite } from './suites.js';

/** 2 and 3 players (4 and 5 run from playouts-4-5.test.ts, side by side). */
playoutSuite({ 2: 700, 3: 550 });
