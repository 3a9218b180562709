import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/app/errors.js';
import { localize } from '../../src/app/i18n/index.js';
import {
  bearerToken,
  check,
  CreateGameBody,
  CreatePlayerBody,
  Email,
  isEmail,
  JoinBody,
  NotificationSettingsBody,
  SubmitMoveBody,
  Uuid,
} from '../../src/app/shapes.js';

/**
 * The one definition of each shape a client sends (src/app/shapes.ts): `check` refuses what the
 * REST route refuses, with the same code and a message naming the field and the broken rule, and
 * never changes the value it checks.
 */
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    return { code: e.code, en: localize('en', e), fr: localize('fr', e) };
  }
  throw new Error('expected a refusal');
};

describe('shapes', () => {
  it('given a valid body, when checked, then it is returned unchanged (no coercion, no defaults)', () => {
    const body = { type: 'town-center', players: [{ name: 'Ann' }, { open: true }] };
    expect(check(CreateGameBody, body, 'input')).toBe(body);
    expect(body).toEqual({ type: 'town-center', players: [{ name: 'Ann' }, { open: true }] });
  });

  it('given a missing required field, when checked, then 400 INVALID_INPUT names it in English and French', () => {
    const r = refusal(() => check(CreateGameBody, { type: 'x' }, 'input'));
    expect(r.code).toBe('INVALID_INPUT');
    expect(r.en).toBe("input must have required property 'players'");
    expect(r.fr).toContain('players');
  });

  it('given an unknown field, when checked, then the refusal names the field and where it is', () => {
    expect(refusal(() => check(JoinBody, { nmae: 'Bo' }, 'body')).en).toBe('body must NOT have additional properties ("nmae")');
  });

  it('given a number where a string is needed or out of its bounds, when checked, then the rule is named (no coercion)', () => {
    expect(refusal(() => check(JoinBody, { seat: '1' }, 'body')).en).toBe('body/seat must be integer');
    expect(refusal(() => check(SubmitMoveBody, { notation: 'x', expectedVersion: -1 }, 'body')).en).toBe(
      'body/expectedVersion must be >= 0',
    );
    expect(refusal(() => check(CreateGameBody, { type: 'x', players: [{ bot: 'godlike' }] }, 'input')).en).toBe(
      'input/players/0/bot must be equal to one of the allowed values (random, greedy, ismcts, ismcts-strong)',
    );
  });

  it('given an e-mail address, when checked, then the one e-mail rule decides (REST, GraphQL and settings alike)', () => {
    for (const ok of ['ann@example.org', 'a.b+c@mail.example.co.uk']) {
      expect(isEmail(ok)).toBe(true);
      expect(check(CreatePlayerBody, { name: 'Ann', email: ok }, 'body').email).toBe(ok);
    }
    for (const bad of [
      'ann',
      'ann@localhost',
      'a b@example.org',
      'ann@@example.org',
      '<ann@example.org>',
      `${'a'.repeat(250)}@example.org`,
    ]) {
      expect(isEmail(bad)).toBe(false);
      expect(refusal(() => check(Email, bad, 'email')).code).toBe('INVALID_INPUT');
    }
    const r = refusal(() => check(CreatePlayerBody, { name: 'Ann', email: 'ann@localhost' }, 'body'));
    expect(r.en).toBe('body/email must be an e-mail address (name@domain.example)');
    expect(r.fr).toBe('body/email doit être une adresse électronique (nom@domaine.example)');
  });

  it('given a UUID rule, when a value is not one, then the refusal says "a UUID"', () => {
    expect(check(Uuid, '0F8FAD5B-D9CB-469F-A165-70867728950E', 'id')).toBe('0F8FAD5B-D9CB-469F-A165-70867728950E');
    expect(refusal(() => check(Uuid, 'not-a-uuid', 'id')).en).toBe('id must be a UUID');
  });

  it('given null for a channel, when notification settings are checked, then null is accepted (it turns the channel off)', () => {
    expect(check(NotificationSettingsBody, { email: null, webhookUrl: null, events: ['turn'], language: 'fr' }, 'input')).toBeTruthy();
    expect(refusal(() => check(NotificationSettingsBody, { language: 'de' }, 'input')).en).toBe(
      'input/language must be equal to one of the allowed values (en, fr)',
    );
  });

  it('given an Authorization header, when read, then only "Bearer <token>" gives a token', () => {
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken('')).toBeUndefined();
    expect(bearerToken('Bearer cbs_abc')).toBe('cbs_abc');
    expect(bearerToken('bearer   cbs_abc  ')).toBe('cbs_abc');
    expect(refusal(() => bearerToken('Basic dXNlcg==')).code).toBe('UNAUTHORIZED');
    expect(refusal(() => bearerToken('Bearer a b')).code).toBe('UNAUTHORIZED');
  });
});
