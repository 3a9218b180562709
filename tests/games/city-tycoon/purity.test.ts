import { cityTycoon } from '../../../src/games/city-tycoon/index.js';
import { describePurity } from '../../support/purity.js';

const SCALE = Number(process.env.PROPERTY_SCALE ?? '1');

// decide/evolve/view/eventView deterministic and never mutating; no hidden state in views (tests/support/purity.ts).
describePurity(cityTycoon, Math.max(1, Math.round(2 * SCALE)));
