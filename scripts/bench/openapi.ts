// A deterministic OpenAPI 3 document of N operations shaped like a real service's: 20 operations
// per tag, path, query and header parameters, JSON request bodies and responses through $ref'd
// schemas that nest (an order holds a customer, an address and a list of lines), examples, and
// error answers. The import bench row reads it (scripts/bench/jobs.ts).
import { EN, rng } from './content';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const schemas = {
  Address: {
    type: 'object',
    required: ['line1', 'city', 'country'],
    properties: { line1: { type: 'string', example: '1 Main St' }, line2: { type: 'string' }, city: { type: 'string', example: 'Berlin' }, zip: { type: 'string' }, country: { type: 'string', example: 'DE' } },
  },
  Customer: {
    type: 'object',
    required: ['id', 'email'],
    properties: {
      id: { type: 'integer', format: 'int64', example: 42 },
      email: { type: 'string', format: 'email', example: 'ann@example.com' },
      name: { type: 'string', description: 'Display name' },
      address: { $ref: '#/components/schemas/Address' },
      tags: { type: 'array', items: { type: 'string' } },
    },
  },
  Line: {
    type: 'object',
    required: ['sku', 'quantity'],
    properties: { sku: { type: 'string', example: 'SKU-1' }, quantity: { type: 'integer', minimum: 1 }, price: { type: 'number', format: 'double' } },
  },
  Order: {
    type: 'object',
    required: ['id', 'customer', 'lines'],
    properties: {
      id: { type: 'integer', format: 'int64' },
      status: { type: 'string', enum: ['new', 'paid', 'shipped', 'cancelled'] },
      customer: { $ref: '#/components/schemas/Customer' },
      shipping: { $ref: '#/components/schemas/Address' },
      lines: { type: 'array', items: { $ref: '#/components/schemas/Line' } },
      createdAt: { type: 'string', format: 'date-time' },
    },
  },
  Error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer', example: 404 }, message: { type: 'string', example: 'not found' } } },
};

const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

export function openApiDocument(operations: number): Buffer {
  const r = rng(500);
  const pick = <T>(a: readonly T[]) => a[Math.floor(r() * a.length)];
  const paths: Record<string, Record<string, unknown>> = {};
  for (let i = 0; i < operations; i++) {
    const tag = `${EN[Math.floor(i / 20) % EN.length]} ${Math.floor(i / 20)}`;
    const method = METHODS[i % METHODS.length];
    const path = `/v1/${EN[i % EN.length]}s${Math.floor(i / METHODS.length)}/{id}`;
    const body = method === 'post' || method === 'put' || method === 'patch';
    (paths[path] ??= {})[method] = {
      tags: [tag],
      operationId: `op${i}`,
      summary: `${method.toUpperCase()} ${pick(EN)} ${i}`,
      description: `Operation ${i}: ${pick(EN)} the ${pick(EN)} of a ${pick(EN)}.`,
      parameters: [
        { name: 'id', in: 'path', required: true, description: 'The record', schema: { type: 'integer', format: 'int64' } },
        { name: 'expand', in: 'query', description: 'Related records to include', schema: { type: 'array', items: { type: 'string', enum: ['customer', 'lines'] } } },
        { name: 'X-Request-Id', in: 'header', schema: { type: 'string', format: 'uuid' } },
      ],
      ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } } } : {}),
      responses: {
        '200': {
          description: 'OK',
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/Order' },
              example: { id: i, status: 'paid', customer: { id: 42, email: 'ann@example.com' }, lines: [{ sku: 'SKU-1', quantity: 2, price: 9.5 }] },
            },
          },
        },
        '400': errorAnswer('Bad request'),
        '404': errorAnswer('Not found'),
      },
    };
  }
  return Buffer.from(JSON.stringify({ openapi: '3.0.3', info: { title: `Bench API (${operations} operations)`, version: '1.0.0' }, servers: [{ url: 'https://api.example.com' }], paths, components: { schemas } }));
}
