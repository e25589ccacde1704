import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { endpoints, listEndpoints, type Endpoint } from '@vastra/shared/api/endpoints';
import { routeOf } from '../lib/endpoint-route';

/**
 * The API reference, generated from the endpoint table (docs/decisions/100-endpoint-table.md):
 * @fastify/swagger collects every route as it is added, fastify-type-provider-zod turns its zod
 * schemas into JSON Schema, and we serve the OpenAPI document at /api/docs/openapi.json and a
 * plain HTML page of it at /api/docs (no script, so the CSP of plugins/security-headers.ts holds).
 * Registered before any route, and only outside production.
 */

const COMMON_RULES = `Every answer is JSON with \`success\`; a refusal is \`{ success: false, message }\` with a message fit to show: 400 bad input (the message names the field), 401 no or expired session, 403 not an admin, 404 unknown id, 409 a conflict with the record's present state, 429 too many attempts (with Retry-After), 413 body over 64 KB, 408 request too slow (docs/architecture.md §3, decisions 004, 092, 093, 095).

Signed-in calls send the login's token as \`token: <jwt>\` or \`Authorization: Bearer <jwt>\`; without it they answer 401 before the body is read. The owner's calls under /api/admin need an account with the admin role (403 otherwise); make one with \`npm run admin:create\` or ADMIN_EMAIL/ADMIN_PASSWORD (decision 080).

Ids are UUIDs. Money is whole rupees. Admin lists take \`page\` (from 1) and \`pageSize\` (1–100, default 20) and answer \`page\`, \`pageSize\` and \`total\`. Times are milliseconds since the epoch, except the overview's \`from\`, an ISO instant.

Each route's method, path and schemas are written once, in packages/shared/src/api/endpoints/ (\`endpoints.<group>.<name>\`); this reference is generated from that table.`;

const byRoute = new Map<string, Endpoint>(
  listEndpoints().map(({ endpoint }) => [`${endpoint.method} ${endpoint.url}`, endpoint]),
);

type Transform = typeof jsonSchemaTransform;

/**
 * Shows only the table's routes (the storefront's files are hidden), and a multipart call's fields
 * and files, which its route cannot declare as a body schema (the handler reads them).
 */
const transform: Transform = (document) => {
  const method = [document.route.method].flat()[0];
  const endpoint = byRoute.get(`${method} ${document.url}`);
  if (!endpoint) return { schema: { hide: true }, url: document.url };
  const multipart = endpoint.multipart;
  if (!multipart) return jsonSchemaTransform(document);
  const result = jsonSchemaTransform({
    ...document,
    schema: { ...document.schema, ...(multipart.fields ? { body: multipart.fields } : {}) },
  });
  const body = (result.schema as { body?: JsonSchema }).body ?? { type: 'object', properties: {} };
  const files = Object.fromEntries(
    Object.entries(multipart.files).map(([name, description]) => [
      name,
      { type: 'string', format: 'binary', description },
    ]),
  );
  return {
    ...result,
    schema: {
      ...result.schema,
      body: {
        ...body,
        properties: { ...body.properties, ...files },
        required: [...(body.required ?? []), ...Object.keys(multipart.files)],
      },
    },
  };
};

export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Vastra API', version: '1', description: COMMON_RULES },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'header',
            name: 'token',
            description: 'The login’s token (or `Authorization: Bearer <token>`)',
          },
          adminSession: {
            type: 'apiKey',
            in: 'header',
            name: 'token',
            description: 'The token of an account with the admin role',
          },
        },
      },
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });

  let page: string | undefined;
  app.route({
    ...routeOf(endpoints.development.openapi),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return app.swagger();
    },
  });
  app.route({
    ...routeOf(endpoints.development.docs),
    handler: async (_request, reply) => {
      page ??= renderReference(app.swagger() as OpenApiDocument);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
    },
  });
}

// ── The HTML page ─────────────────────────────────────────────────────────────────────────────

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  nullable?: boolean;
  description?: string;
  $ref?: string;
}

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

interface OpenApiDocument {
  info: { title: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Escaped text whose `backticked` spans are shown as code. */
const prose = (value: string): string =>
  escapeHtml(value).replace(/`([^`]+)`/g, (_match, code: string) => `<code>${code}</code>`);

/** The table's path form (`/api/product/:id`) rather than OpenAPI's (`{id}`). */
const fastifyPath = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1');

function bounds(min: number | undefined, max: number | undefined, unit = ''): string {
  // zod's integers carry the safe-integer range: no bound worth reading.
  if (min === -Number.MAX_SAFE_INTEGER) min = undefined;
  if (max === Number.MAX_SAFE_INTEGER) max = undefined;
  if (min !== undefined && max !== undefined) return ` ${min}–${max}${unit}`;
  if (min !== undefined) return ` ≥ ${min}${unit}`;
  if (max !== undefined) return ` ≤ ${max}${unit}`;
  return '';
}

/** A JSON Schema as a short TypeScript-like shape: `{ itemId: string uuid, quantity: integer 0–10 }`. */
function describeShape(schema: JsonSchema | undefined, indent = ''): string {
  if (!schema) return 'any';
  if (schema.$ref) return schema.$ref.split('/').pop() ?? 'any';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map((part) => describeShape(part, indent)).join(' | ');
  if (schema.allOf) return schema.allOf.map((part) => describeShape(part, indent)).join(' & ');
  const types = [schema.type ?? []].flat();
  const nullable = schema.nullable || types.includes('null');
  const type = types.find((t) => t !== 'null');
  let shape: string;
  switch (type) {
    case 'object': {
      const inner = `${indent}  `;
      const required = new Set(schema.required ?? []);
      const fields = Object.entries(schema.properties ?? {}).map(
        ([name, value]) =>
          `${inner}${name}${required.has(name) ? '' : '?'}: ${describeShape(value, inner)}`,
      );
      if (typeof schema.additionalProperties === 'object')
        fields.push(`${inner}[key]: ${describeShape(schema.additionalProperties, inner)}`);
      shape = fields.length ? `{\n${fields.join(',\n')}\n${indent}}` : '{}';
      break;
    }
    case 'array': {
      const item = describeShape(schema.items, indent);
      shape = `${item.includes(' ') ? `(${item})` : item}[]${bounds(schema.minItems, schema.maxItems, ' items')}`;
      break;
    }
    case 'string':
      if (schema.format === 'binary') {
        shape = 'file';
        break;
      }
      shape = `string${schema.format ? ` ${schema.format}` : ''}${bounds(schema.minLength, schema.maxLength, ' chars')}`;
      break;
    case 'integer':
    case 'number':
      shape = `${type}${bounds(schema.minimum, schema.maximum)}`;
      break;
    default:
      shape = type ?? 'any';
  }
  return nullable ? `${shape} | null` : shape;
}

function schemaOf(content: Record<string, { schema: JsonSchema }> | undefined): {
  type: string;
  schema: JsonSchema;
} | null {
  const [type, value] = Object.entries(content ?? {})[0] ?? [];
  return type && value ? { type, schema: value.schema } : null;
}

function renderOperation(method: string, path: string, op: Operation): string {
  const parts: string[] = [];
  const name = `${method.toUpperCase()} ${fastifyPath(path)}`;
  const id = name.replace(/[^A-Za-z0-9]+/g, '-');
  parts.push(
    `<section id="${escapeHtml(id)}"><h3><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(fastifyPath(path))}</code></h3>`,
  );
  if (op.summary) parts.push(`<p class="summary">${prose(op.summary)}</p>`);
  if (op.description) parts.push(`<p>${prose(op.description)}</p>`);
  const security = (op.security ?? []).flatMap((entry) => Object.keys(entry));
  if (security.length)
    parts.push(
      `<p class="meta">Needs: ${security.includes('adminSession') ? 'an admin’s session' : 'a session'}</p>`,
    );
  for (const where of ['path', 'query'] as const) {
    const params = (op.parameters ?? []).filter((p) => p.in === where);
    if (!params.length) continue;
    const fields = params.map(
      (p) => `  ${p.name}${p.required ? '' : '?'}: ${describeShape(p.schema, '  ')}`,
    );
    parts.push(
      `<h4>${where === 'path' ? 'Path' : 'Query'}</h4><pre>{\n${escapeHtml(fields.join(',\n'))}\n}</pre>`,
    );
  }
  const body = schemaOf(op.requestBody?.content);
  if (body)
    parts.push(
      `<h4>Body <span class="meta">${escapeHtml(body.type)}</span></h4><pre>${escapeHtml(describeShape(body.schema))}</pre>`,
    );
  const responses = Object.entries(op.responses ?? {});
  const answer = responses.find(([status]) => status === '200');
  const answerSchema = answer && schemaOf(answer[1].content);
  if (answerSchema)
    parts.push(`<h4>Answer 200</h4><pre>${escapeHtml(describeShape(answerSchema.schema))}</pre>`);
  const refusalStatuses = responses.map(([status]) => status).filter((status) => status !== '200');
  if (refusalStatuses.length)
    parts.push(
      `<p class="meta">Refusals <code>{ success: false, message }</code>: ${refusalStatuses.join(', ')}</p>`,
    );
  parts.push('</section>');
  return parts.join('\n');
}

/** The whole reference as one HTML page, grouped by tag in the table's order. */
function renderReference(doc: OpenApiDocument): string {
  const groups = new Map<string, string[]>();
  const index: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'Other';
      const list = groups.get(tag) ?? [];
      list.push(renderOperation(method, path, op));
      groups.set(tag, list);
      index.push(`${method.toUpperCase()} ${fastifyPath(path)}`);
    }
  }
  const sections = [...groups]
    .map(([tag, ops]) => `<h2>${escapeHtml(tag)}</h2>\n${ops.join('\n')}`)
    .join('\n');
  const intro = (doc.info.description ?? '')
    .split('\n\n')
    .map((paragraph) => `<p>${prose(paragraph)}</p>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:880px;padding:24px;color:#1f1b16;background:#f6f3ee}
h1,h2{font-family:Georgia,serif}h2{margin-top:40px;border-bottom:1px solid #d8d0c4}
section{background:#fff;border:1px solid #e5dfd6;padding:12px 18px;margin:14px 0}
h3{font-size:16px;margin:0}h4{font-size:13px;margin:10px 0 2px;text-transform:uppercase;letter-spacing:.04em;color:#6b6157}
.method{display:inline-block;min-width:58px;font:600 12px ui-monospace,monospace;color:#fff;background:#5b4636;padding:2px 6px;text-align:center}
.summary{margin:6px 0}.meta{color:#6b6157;font-size:13px}
pre{white-space:pre-wrap;margin:0;font:13px/1.45 ui-monospace,monospace;background:#faf8f5;padding:8px}
</style></head><body>
<h1>${escapeHtml(doc.info.title)} reference</h1>
${intro}
<p class="meta">${index.length} routes. The same as OpenAPI 3: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a>. Development only: not served in production.</p>
${sections}
</body></html>`;
}
