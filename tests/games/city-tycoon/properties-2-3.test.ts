import { harnessSuite } from './suites.js';

/** 2 and 3 players (4 and 5 run from properties-4-5.test.ts, side by side). */
harnessSuite({ 2: 6, 3: 5 });
