import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

describe('smoke', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer(); });
  afterAll(async () => { await s?.stop(); });
  it('plays sealed bids', async () => {
    const created = await request(s.url).post('/api/v1/games').send({ type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }] });
    expect(created.status).toBe(201);
    const { id, seats } = created.body;
    const legal = await request(s.url).get(`/api/v1/games/${id}/legal-moves`).set('Authorization', `Bearer ${seats[0].token}`);
    expect(legal.body.moves).toHaveLength(4);
    const mv = await request(s.url).post(`/api/v1/games/${id}/moves`).set('Authorization', `Bearer ${seats[0].token}`).send({ move: { type: 'bid', amount: 2 } });
    expect(mv.status, JSON.stringify(mv.body)).toBe(200);
    const view = await request(s.url).get(`/api/v1/games/${id}`).set('Authorization', `Bearer ${seats[1].token}`);
    console.log(JSON.stringify(view.body));
    const gql = await request(s.url).post('/graphql').set('Authorization', `Bearer ${seats[1].token}`).send({ query: `mutation($id: ID!) { submitMove(gameId: $id, move: { sealedBids: { bid: { amount: 1 } } }) { version status events } }`, variables: { id } });
    console.log(JSON.stringify(gql.body));
    const doc = await request(s.url).get('/openapi.json');
    console.log(JSON.stringify(doc.body).slice(0, 3000));
  });
});
