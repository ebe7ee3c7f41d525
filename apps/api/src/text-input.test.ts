import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './test/app';

let t: TestApp;
let token: string;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.signIn('owner@demo.test');
  staffToken = await t.signIn('admin@demo.test');
});
afterAll(async () => {
  await t.close();
});

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema & { format?: string } }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const NUL_TEXT = 'nul\u0000byte';

/** A value of the schema's shape whose every text is NUL_TEXT. */
function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return NUL_TEXT;
  const variant = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variant?.length) return sample(variant.find((s) => s.type !== 'null') ?? variant[0], depth);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const entries = Object.entries(schema.properties ?? {});
      if (!entries.length && schema.additionalProperties) return { text: NUL_TEXT };
      return Object.fromEntries(entries.map(([key, value]) => [key, sample(value, depth + 1)]));
    }
    case 'array':
      return [sample(schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      return NUL_TEXT;
  }
}

describe('a NUL byte in any text', () => {
  it('is refused with 400 naming the field on every operation, never a 500', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const answers: string[] = [];
    let refused = 0;
    for (const [template, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path');
        const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
        const json = operation.requestBody?.content?.['application/json']?.schema;
        const variants: { url: string; payload?: unknown; field: string }[] = [];
        const body = json ? sample(json) : undefined;
        // Other path parameters get a valid value, so only the NUL can be refused.
        const valid = (name: string) => {
          const schema = pathParams.find((p) => p.name === name)?.schema;
          if (schema?.enum?.length) return String(schema.enum[0]);
          if (schema?.type === 'integer' || schema?.type === 'number') return '1';
          if (name === 'orderNumber') return '1000000001';
          return '00000000-0000-4000-8000-000000000000';
        };
        const plainUrl = template.replace(/\{(\w+)\}/g, (_, name: string) => valid(name));
        for (const param of pathParams) {
          variants.push({
            url: template
              .replace(`{${param.name}}`, encodeURIComponent(NUL_TEXT))
              .replace(/\{(\w+)\}/g, (_, name: string) => valid(name)),
            field: param.name,
            payload: body,
          });
        }
        for (const param of query) {
          variants.push({
            url: `${plainUrl}?${param.name}=${encodeURIComponent(NUL_TEXT)}`,
            field: param.name,
            payload: body,
          });
        }
        if (JSON.stringify(body ?? '').includes('\\u0000')) {
          variants.push({ url: plainUrl, payload: body, field: '' });
        }
        for (const variant of variants) {
          // Staff routes check the role before the input: staff ask them.
          const caller = template.startsWith('/api/admin/') ? staffToken : token;
          for (const headers of [{}, bearer(caller)]) {
            const response = await t.app.inject({
              method: method.toUpperCase() as 'POST',
              url: variant.url,
              headers: { ...headers, 'accept-language': 'de' },
              ...(variant.payload === undefined ? {} : { payload: variant.payload as object }),
            });
            const label = `${method.toUpperCase()} ${variant.url}`;
            answers.push(`${response.statusCode} ${label}`);
            // Routes that check the session before the input may refuse the caller first.
            expect([400, 401, 403], label).toContain(response.statusCode);
            if (response.statusCode !== 400) continue;
            refused += 1;
            const body = response.json<{ type: string; details?: { field: string }[] }>();
            expect(body.type, label).toBe('VALIDATION_ERROR');
            if (variant.field) {
              expect(
                body.details?.map((d) => d.field),
                label,
              ).toContain(variant.field);
            } else {
              expect(body.details?.length, label).toBeGreaterThan(0);
            }
          }
        }
      }
    }
    expect(answers.length).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(answers.length / 2);
  });

  it('says in the request language which field holds it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'accept-language': 'fr' },
      payload: { company_name: 'Nul\u0000 BV' },
    });
    expect(response.statusCode).toBe(400);
    const details = response.json<{ details: { field: string; message: string }[] }>().details;
    expect(details).toContainEqual({
      field: 'company_name',
      message: expect.stringMatching(/caractère/) as string,
    });
  });
});
