import { playoutSuite } from './suites.js';

/** 4 and 5 players (2 and 3 run from playouts-2-3.test.ts, side by side). */
playoutSuite({ 4: 420, 5: 330 });
