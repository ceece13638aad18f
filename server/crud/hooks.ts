import type { FastifyRequest } from 'fastify';
import type { Row } from './repository';

export interface WriteContext {
  mode: 'create' | 'update';
  id?: number;
  request: FastifyRequest;
}

/** Server-only behaviour of a resource that a config (plain data) cannot express. */
export interface ResourceHooks {
  /** Turns validated values into columns (e.g. a password into its hash). */
  prepareWrite?(values: Row, ctx: WriteContext): Promise<Row>;
  /** Throws an ApiError to refuse a delete (e.g. of one's own user). */
  beforeDelete?(id: number, request: FastifyRequest): Promise<void>;
  /** Adds related data to the record answer of `GET /{resource}/{id}` (a student's enrolments, books…). */
  decorateRecord?(row: Row): Promise<Row>;
  /** Runs after a successful update (e.g. sign a user out everywhere after a password change). */
  afterUpdate?(id: number, values: Row): Promise<void>;
}

/** Tables that are not resources but point at one, for the 409 message of a refused delete. */
export interface TableDependent {
  table: string;
  foreignKey: string;
  singular: string;
  plural: string;
}
