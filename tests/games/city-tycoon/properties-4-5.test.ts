import { harnessSuite } from './suites.js';

/** 4 and 5 players (2 and 3 run from properties-2-3.test.ts, side by side). */
harnessSuite({ 4: 4, 5: 3 });
