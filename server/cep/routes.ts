import type { FastifyInstance } from 'fastify';
import { ApiError, validationError } from '../http/errors';
import type { CepLookup } from './lookup';

/** `GET /cep/{cep}`: the address of an 8-digit CEP (leading zeros kept: it is text). */
export function registerCepRoutes(app: FastifyInstance, lookup: CepLookup): void {
  app.get<{ Params: { cep: string } }>('/cep/:cep', { config: { access: 'signed-in' } }, async (request, reply) => {
    const cep = request.params.cep.replace(/\D+/g, '');
    if (cep.length !== 8) throw validationError({ cep: ['O CEP deve ter 8 dígitos.'] });
    let address;
    try {
      address = await lookup.find(cep);
    } catch (error) {
      request.log.warn({ err: error }, 'cep lookup failed');
      throw new ApiError(502, 'Não foi possível buscar o CEP agora: digite o endereço.');
    }
    if (!address) {
      reply.status(404);
      return { erro: true, message: 'CEP não encontrado' };
    }
    return address;
  });
}
