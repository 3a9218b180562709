/**
 * La Ville de Demain move notation: cards by their name, decks by number.
 *
 *   discard Bakery | no discard | draw 2 | buy Bakery | buy Small House | take coin |
 *   special Wind Farm | no special
 *
 * A visible card is named by its name; when two copies of one building are visible, format adds
 * its slot (`buy Bakery #3`, slots numbered from 1 as in the view) so the text stays unique, and
 * parse then asks for it. Names are read loosely (case, spaces and punctuation ignored; a unique
 * prefix is enough): `buy small house`, `buy smallhouse`, `buy lux`.
 */
import {
  looseName,
  normalise,
  ok,
  pickByName,
  NOTATION_RULE,
  usageError,
  type Notation,
  type Result,
  type Seat,
} from '../../engine/index.js';
import { messages, refuse } from './messages.js';
import { card, SPECIAL_BY_ID } from './cards.js';
import { HABITATION_KINDS, HABITATIONS, SPECIALS, type HabitationKind } from './data.js';
import type { VilleMove, VilleState } from './types.js';

/** Every form, written in the notation (the forms in words are the catalogue's `NOTATION.form.any`). */
const EXAMPLES = 'discard Bakery, no discard, draw 2, buy Small House, take coin, special Wind Farm, no special';

/** The name of the visible card in a slot, with the slot when another visible card has the same name. */
function slotText(state: VilleState, slot: number): string {
  const ref = state.visible[slot];
  if (ref === undefined) return `#${slot + 1}`;
  const name = card(ref).name;
  const twins = state.visible.filter((r) => card(r).id === card(ref).id).length;
  return twins > 1 ? `${name} #${slot + 1}` : name;
}

/** `Bakery`, `Bakery #3` or `#3` -> the slot of that visible card. */
function slotOf(state: VilleState, raw: string, text: string): Result<number> {
  const m = /^(.*?) ?#(\d)$/.exec(text);
  const name = m ? m[1]! : text;
  if (m) {
    const slot = Number(m[2]) - 1;
    if (slot < 0 || slot >= state.visible.length)
      return refuse('NOTATION', NOTATION_RULE, { text: raw.trim(), slot: m[2]!, count: state.visible.length }, 'NOTATION.noSlot');
    if (
      name !== '' &&
      looseName(card(state.visible[slot]!).name) !== looseName(name) &&
      looseName(card(state.visible[slot]!).id) !== looseName(name)
    ) {
      return refuse(
        'NOTATION',
        NOTATION_RULE,
        { text: raw.trim(), slot: m[2]!, name: card(state.visible[slot]!).name },
        'NOTATION.otherCard',
      );
    }
    return ok(slot);
  }
  // One item per card kind: two visible copies of one building are told apart below, by slot.
  const items = state.visible.flatMap((ref, slot) =>
    state.visible.findIndex((r) => card(r).id === card(ref).id) === slot ? [{ value: slot, names: [card(ref).name, card(ref).id] }] : [],
  );
  if (items.length === 0) return refuse('NOTATION', NOTATION_RULE, { text: raw.trim() }, 'NOTATION.noCard');
  const picked = pickByName(name, items, { key: 'NOTATION.what.card' }, messages);
  if (!picked.ok) return picked;
  const id = card(state.visible[picked.value]!).id;
  const twins = state.visible.flatMap((r, slot) => (card(r).id === id ? [slot] : []));
  if (twins.length > 1)
    return refuse(
      'NOTATION',
      NOTATION_RULE,
      {
        text: raw.trim(),
        name: card(state.visible[picked.value]!).name,
        choices: { or: twins.map((s) => `${card(state.visible[s]!).name} #${s + 1}`) },
      },
      'NOTATION.twins',
    );
  return picked;
}

export const notation: Notation<VilleState, VilleMove> = {
  format(state: VilleState, _seat: Seat, m: VilleMove): string {
    switch (m.type) {
      case 'discardCard':
        return `discard ${slotText(state, m.slot)}`;
      case 'skipDiscard':
        return 'no discard';
      case 'drawCard':
        return `draw ${m.deck}`;
      case 'buyCard':
        return `buy ${slotText(state, m.slot)}`;
      case 'buyHabitation':
        return `buy ${HABITATIONS[m.kind].name}`;
      case 'takeCoin':
        return 'take coin';
      case 'takeSpecial':
        return `special ${SPECIAL_BY_ID.get(m.special)?.name ?? m.special}`;
      case 'skipSpecial':
        return 'no special';
    }
  },

  parse(state: VilleState, _seat: Seat, raw: string): Result<VilleMove> {
    const text = normalise(raw);
    const [verb = ''] = text.split(' ');
    const rest = text.slice(verb.length).trim();
    switch (text) {
      case 'no discard':
      case 'skip discard':
        return ok({ type: 'skipDiscard' });
      case 'take coin':
      case 'coin':
        return ok({ type: 'takeCoin' });
      case 'no special':
      case 'skip special':
        return ok({ type: 'skipSpecial' });
    }
    switch (verb) {
      case 'discard': {
        const slot = slotOf(state, raw, rest);
        return slot.ok ? ok({ type: 'discardCard', slot: slot.value }) : slot;
      }
      case 'draw': {
        const m = /^(?:deck |d)?([123])$/.exec(rest);
        return m ? ok({ type: 'drawCard', deck: Number(m[1]) }) : usageError(messages, raw, 'draw', 'draw 2');
      }
      case 'buy': {
        if (rest === '') return usageError(messages, raw, 'buy', 'buy Bakery, buy Small House');
        const habitation = HABITATION_KINDS.find(
          (k) => looseName(HABITATIONS[k].name) === looseName(rest) || looseName(k) === looseName(rest),
        );
        if (habitation) return ok({ type: 'buyHabitation', kind: habitation });
        const slot = slotOf(state, raw, rest);
        if (slot.ok) return ok({ type: 'buyCard', slot: slot.value });
        const kinds = pickByName<HabitationKind>(
          rest,
          HABITATION_KINDS.map((k) => ({ value: k, names: [HABITATIONS[k].name, k] })),
          { key: 'NOTATION.what.habitation' },
          messages,
        );
        if (kinds.ok && slot.error.key !== 'NOTATION.ambiguousName' && slot.error.key !== 'NOTATION.twins')
          return ok({ type: 'buyHabitation', kind: kinds.value });
        return slot;
      }
      case 'special': {
        if (rest === '') return usageError(messages, raw, 'special', 'special Wind Farm');
        const offered = SPECIALS.filter((s) => state.specials.includes(s.id));
        const s = pickByName(
          rest,
          (offered.length > 0 ? offered : SPECIALS).map((x) => ({ value: x.id, names: [x.name, x.id] })),
          { key: 'NOTATION.what.special' },
          messages,
        );
        return s.ok ? ok({ type: 'takeSpecial', special: s.value }) : s;
      }
      default:
        return usageError(messages, raw, 'any', EXAMPLES);
    }
  },
};
