import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { gamePlugins } from '../../src/games/index.js';
import { docPath, END, exampleSection, START } from '../../scripts/example-views.js';

describe('each rules document ends with an example view that is up to date', () => {
  for (const plugin of gamePlugins) {
    const game = plugin.engine;
    it(game.id, () => {
      const doc = readFileSync(docPath(plugin), 'utf8');
      const a = doc.indexOf(START);
      const b = doc.indexOf(END);
      expect(a, `docs/rules/${game.id}.md has an example section (npm run examples)`).toBeGreaterThanOrEqual(0);
      expect(doc.slice(a, b + END.length), 'run `npm run examples` after changing a view').toBe(exampleSection(plugin));
      const json = /```json\n([\s\S]*?)\n```/.exec(doc.slice(a))![1]!;
      const validate = new Ajv({ strict: true }).compile(game.schemas!.view);
      expect(validate(JSON.parse(json)), JSON.stringify(validate.errors)).toBe(true);
    });
  }
});
