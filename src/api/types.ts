// Wire types of the Project Work Service API (../shared/api-reference.md), in one place:
// records and envelopes (types/records.ts), request bodies (types/requests.ts, named after the
// reference's body tables) and webhook delivery payloads (types/payloads.ts). Field names and
// JSON types are exactly the reference's; nothing is pwctl's invention.
export * from './types/payloads.js';
export * from './types/records.js';
export * from './types/requests.js';
