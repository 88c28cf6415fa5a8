// The seeds: the agency every seed shares (companies, users and their clients), then each
// registered resource's records. Ids and timestamps are fixed so tests can name them
// (README.md in this folder has the table).
import type { SeedOptions } from './resource.js';
import { RESOURCES } from './resources/index.js';
import type { NextIds, SandboxCollections, SandboxData, SeedName } from './state.js';

function agency(): Pick<SandboxData, 'companies' | 'users' | 'clients'> {
  return {
    companies: {
      1: { id: 1, title: 'Northwind Studio' },
      2: { id: 2, title: 'Globex Creative' },
    },
    users: {
      1: {
        id: 1,
        name: 'Maya Patel',
        email: 'maya@northwind.example',
        memberships: [{ company_id: 1, role: 'manager' }],
        client_id: null,
      },
      2: {
        id: 2,
        name: 'Sam Rivera',
        email: 'sam@northwind.example',
        memberships: [{ company_id: 1, role: 'member' }],
        client_id: null,
      },
      3: { id: 3, name: 'Chloe Chen', email: 'chloe@acme.example', memberships: [], client_id: 11 },
      4: {
        id: 4,
        name: 'Olga Novak',
        email: 'olga@globex.example',
        memberships: [{ company_id: 2, role: 'manager' }],
        client_id: null,
      },
    },
    clients: {
      11: { id: 11, title: 'Acme Corp', company_id: 1 },
      12: { id: 12, title: 'Blue Harbor', company_id: 1 },
      21: { id: 21, title: 'Initech', company_id: 2 },
    },
  };
}

/** The agency, and every registered resource's collections empty with their counters at the start. */
function emptyData(seed: SeedName): SandboxData {
  const collections: Partial<SandboxCollections> = {};
  const nextIds: Partial<NextIds> = {};
  for (const resource of RESOURCES) {
    for (const key of resource.collections) collections[key] = {};
    Object.assign(nextIds, resource.firstIds);
  }
  // Every key is set now: RegistryIsComplete (resources/index.ts) does not compile otherwise.
  return { seed, ...agency(), ...(collections as SandboxCollections), next_ids: nextIds as NextIds };
}

export function seedData(seed: SeedName, extraSteps = 0): SandboxData {
  const data = emptyData(seed);
  const options: SeedOptions = { seed, extraSteps };
  for (const resource of RESOURCES) resource.seed(data, options);
  return data;
}
