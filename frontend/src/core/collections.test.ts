import { describe, expect, it, vi } from 'vitest';
import { mockServer } from '../test/mockServer';
import { COLLECTION_TAGS } from './api';
import { COLLECTION_PATHS, collectionName, collectionsApi, loadCollections } from './collections';
import { makeStore } from './store';

describe('collections', () => {
  it('names a list path in camelCase', () => {
    expect(collectionName('pickup-vouchers')).toBe('pickupVouchers');
    expect(collectionName('clients/invoices')).toBe('clientsInvoices');
    expect(collectionName('delivery-admins/parcels/unpaid')).toBe('deliveryAdminsParcelsUnpaid');
    expect(collectionName('inventories/movements')).toBe('inventoriesMovements');
    expect(collectionName('cities')).toBe('cities');
  });

  it('has one RTK Query endpoint and cache tag per collection, under its camelCase name', () => {
    const names = COLLECTION_PATHS.map(collectionName);
    expect(names).toEqual([...COLLECTION_TAGS]);
    for (const name of names) expect(collectionsApi.endpoints[name]).toBeDefined();
  });

  it('loads several collections; a failed one is logged and skipped, the others still load', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = mockServer({
      'GET /api/cities': { status: 200, body: { data: [{ key: 'c1', name: 'Rabat' }], meta: { page: 1, per_page: 25, total: 1 } } },
      'GET /api/pickup-vouchers': { status: 500, body: { message: 'boom' } },
      'GET /api/inventory/states': { status: 200, body: { data: [{ key: 's1' }] } },
    });
    const store = makeStore();
    const loaded = await loadCollections(store.dispatch, [
      'cities',
      'pickup-vouchers',
      { path: 'inventory/states', params: { page: 2 } },
    ]);
    expect(Object.keys(loaded).sort()).toEqual(['cities', 'inventoryStates']);
    expect(loaded.cities?.data).toEqual([{ key: 'c1', name: 'Rabat' }]);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0][0])).toContain('pickupVouchers');
    const statesCall = server.callsTo('GET', '/api/inventory/states')[0];
    expect(statesCall).toBeDefined();
    expect(server.fetchMock.mock.calls.some(([input]) => String((input as Request).url ?? input).includes('page=2'))).toBe(true);
  });

  it('loads a sub-path of a collection', async () => {
    const server = mockServer({ 'GET /api/parcels/unpaid': { status: 200, body: { data: [] } } });
    const store = makeStore();
    const loaded = await loadCollections(store.dispatch, [{ path: 'parcels', subPath: 'unpaid' }]);
    expect(loaded.parcels).toEqual({ data: [] });
    expect(server.callsTo('GET', '/api/parcels/unpaid')).toHaveLength(1);
  });
});
