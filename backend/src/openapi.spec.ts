import type { OpenAPIObject } from '@nestjs/swagger';
import { withPostNulls } from './openapi.js';

const body = (name: string) => ({ requestBody: { content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } } });

describe('withPostNulls', () => {
  it('marks nullable the optional fields of the bodies only POST uses, and of the objects they nest; PUT and PATCH bodies keep what their classes declare', () => {
    const document = {
      openapi: '3.0.0',
      info: { title: 't', version: '1' },
      paths: { '/a': { post: body('Create') }, '/b': { patch: body('Update'), post: body('Action') }, '/c': { put: body('Action') } },
      components: {
        schemas: {
          Create: { type: 'object', required: ['nom'], properties: { nom: { type: 'string' }, telephone: { type: 'string' }, user: { $ref: '#/components/schemas/User' } } },
          User: { type: 'object', properties: { email: { type: 'string' } } },
          Update: { type: 'object', properties: { nom: { type: 'string' }, telephone: { type: 'string', nullable: true } } },
          Action: { type: 'object', properties: { note: { type: 'string' } } },
        },
      },
    } as unknown as OpenAPIObject;
    const schemas = withPostNulls(document).components!.schemas as Record<string, { properties: Record<string, { nullable?: boolean }> }>;
    expect(schemas.Create.properties).toEqual({ nom: { type: 'string' }, telephone: { type: 'string', nullable: true }, user: { $ref: '#/components/schemas/User' } });
    expect(schemas.User.properties.email.nullable).toBe(true);
    expect(schemas.Update.properties).toEqual({ nom: { type: 'string' }, telephone: { type: 'string', nullable: true } });
    // Used by a PUT as well: there a null is refused unless the class says otherwise.
    expect(schemas.Action.properties.note.nullable).toBeUndefined();
  });
});
