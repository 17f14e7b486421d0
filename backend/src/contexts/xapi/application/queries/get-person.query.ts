import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

type Obj = Record<string, unknown>;

/**
 * GET /agents: the Person object of an agent (Communication 2.4). The store does not link
 * identifiers of one person, so the Person lists the identifier asked for and its name.
 */
export class GetPerson extends Query<Obj> {
  constructor(readonly agent: Obj) {
    super();
  }
}

@QueryHandler(GetPerson)
export class GetPersonHandler implements IQueryHandler<GetPerson> {
  execute({ agent }: GetPerson): Promise<Obj> {
    const person: Obj = { objectType: 'Person' };
    if (typeof agent.name === 'string') person.name = [agent.name];
    for (const key of ['mbox', 'mbox_sha1sum', 'openid', 'account']) if (agent[key] !== undefined) person[key] = [agent[key]];
    return Promise.resolve(person);
  }
}
