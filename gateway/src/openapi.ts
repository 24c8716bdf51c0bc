import { allResources, allRoutes, type FieldDef } from '@portal/contracts';

function fieldSchema(f: FieldDef): Record<string, unknown> {
  const base: Record<string, unknown> = { description: `${f.label.vi} / ${f.label.en}` };
  switch (f.type) {
    case 'int':
      return { ...base, type: 'integer', minimum: f.min, maximum: f.max };
    case 'number':
    case 'money':
      return { ...base, type: 'number', minimum: f.min, maximum: f.max };
    case 'bool':
      return { ...base, type: 'boolean' };
    case 'date':
      return { ...base, type: 'string', format: 'date' };
    case 'datetime':
      return { ...base, type: 'string', format: 'date-time' };
    case 'enum':
      return { ...base, enum: f.values };
    case 'ref':
      return { ...base, type: 'string', format: 'uuid' };
    case 'refs':
      return { ...base, type: 'array', items: { type: 'string', format: 'uuid' } };
    case 'json':
      return base;
    case 'email':
      return { ...base, type: 'string', format: 'email' };
    case 'url':
      return { ...base, type: 'string', format: 'uri' };
    default:
      return { ...base, type: 'string', maxLength: f.max ?? 1000 };
  }
}

const envelope = (data: Record<string, unknown>) => ({
  type: 'object',
  properties: { success: { type: 'boolean', const: true }, data },
});
const errorRef = { $ref: '#/components/schemas/Error' };

/** The OpenAPI 3.1 document of every route, derived from the same declarations as the routes. */
export function openApiDocument() {
  const schemas: Record<string, unknown> = {
    Error: {
      type: 'object',
      properties: {
        success: { type: 'boolean', const: false },
        message: { type: 'string' },
        errors: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
      },
    },
  };
  const byPath = new Map<string, string>();
  for (const r of allResources) {
    const name = r.name[0]!.toUpperCase() + r.name.slice(1);
    byPath.set(r.path, name);
    const props: Record<string, unknown> = {
      id: { type: 'string', format: 'uuid' },
      state: { enum: ['ACTIVE', 'INACTIVE'] },
      created_date: { type: 'string', format: 'date-time' },
      updated_date: { type: 'string', format: 'date-time' },
    };
    const input: Record<string, unknown> = {};
    for (const [k, f] of Object.entries(r.fields)) {
      props[k] = fieldSchema(f);
      if (!f.readonly) input[k] = fieldSchema(f);
    }
    schemas[name] = { type: 'object', description: `${r.label.vi} / ${r.label.en}`, properties: props };
    schemas[`${name}Input`] = {
      type: 'object',
      properties: input,
      required: Object.entries(r.fields)
        .filter(([, f]) => f.required && !f.readonly)
        .map(([k]) => k),
    };
  }
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of allRoutes) {
    const path = `/api/v1${route.path.replace(/:(\w+)/g, '{$1}')}`;
    const resourceName = byPath.get(route.path.replace(/\/(:id|export|import-template|import)$/, ''));
    const op: Record<string, unknown> = {
      summary: route.summary,
      tags: [route.domain],
      security: route.access === 'public' ? [] : [{ bearer: [] }],
      'x-permission': typeof route.access === 'object' ? `${route.access.feature}:${route.access.action}` : route.access,
      parameters: [
        ...[...route.path.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } })),
        { name: 'Accept-Language', in: 'header', schema: { enum: ['vi', 'en'] } },
      ],
      responses: {
        200: { description: 'OK' },
        400: { description: 'Bad input', content: { 'application/json': { schema: errorRef } } },
        401: { description: 'Not signed in' },
        403: { description: 'Not allowed' },
      },
    };
    if (resourceName && route.method === 'GET' && route.path.endsWith(':id')) {
      op.responses = {
        ...(op.responses as object),
        200: { description: 'OK', content: { 'application/json': { schema: envelope({ $ref: `#/components/schemas/${resourceName}` }) } } },
        404: { description: 'Not found' },
      };
    } else if (resourceName && route.method === 'GET' && !/(export|import-template)$/.test(route.path)) {
      op.parameters = [
        ...(op.parameters as unknown[]),
        { name: 'page', in: 'query', schema: { type: 'integer', default: 1 } },
        { name: 'limit', in: 'query', schema: { type: 'integer', default: 40, enum: [10, 20, 40, 50, 100, 200, 300] } },
        { name: 'q', in: 'query', schema: { type: 'string' } },
        { name: 'order', in: 'query', schema: { type: 'string', example: 'created_date desc' } },
        { name: 'f_state', in: 'query', schema: { enum: ['ACTIVE', 'INACTIVE', 'ALL'], default: 'ACTIVE' } },
      ];
      op.responses = {
        ...(op.responses as object),
        200: {
          description: 'OK',
          content: {
            'application/json': {
              schema: envelope({
                type: 'object',
                properties: {
                  items: { type: 'array', items: { $ref: `#/components/schemas/${resourceName}` } },
                  totalRows: { type: 'integer' },
                  page: { type: 'integer' },
                  limit: { type: 'integer' },
                },
              }),
            },
          },
        },
      };
    } else if (resourceName && (route.method === 'POST' || route.method === 'PUT') && !route.path.endsWith('import')) {
      op.requestBody = { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${resourceName}Input` } } } };
      op.responses = { ...(op.responses as object), 409: { description: 'Code already exists', content: { 'application/json': { schema: errorRef } } } };
    }
    (paths[path] ??= {})[route.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Enterprise portal API',
      version: '1',
      description: 'Responses are { success, data }; errors { success: false, message, errors[] } in the Accept-Language language (vi default).',
    },
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
