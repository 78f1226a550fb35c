import { STATUS_CODES } from 'node:http';
import type { FastifyReply } from 'fastify';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/**
 * An RFC 9457 problem body. `code` is the stable, machine-readable name clients branch on;
 * `type` is derived from it (a tag URI: RFC 9457 §3.1.1 recommends a non-dereferenceable URI
 * when there is no page to document it). Extension members (`errors`, `checks`, domain facts)
 * sit beside the standard ones.
 */
export type Problem = {
  type: string;
  title: string;
  status: number;
  code: string;
  detail?: string;
  instance?: string;
  [extension: string]: unknown;
};

export type ProblemInput = {
  status: number;
  code: string;
  title?: string;
  detail?: string;
  instance?: string;
  [extension: string]: unknown;
};

export const problemType = (code: string) => `tag:leadfloor,2025:problem:${code}`;

/** The status phrase ("Not Found") is the title unless the problem names a better one. */
/**
 * Besides RFC 9457's members, every body carries the ones the console reads (spec 7 and 8):
 * `message` (what to show a person) and `error` (the stable code, the same as `code`).
 */
export function problem({ status, code, title, ...rest }: ProblemInput): Problem {
  const t = title ?? STATUS_CODES[status] ?? 'Error';
  const message = typeof rest.message === 'string' ? rest.message : typeof rest.detail === 'string' ? rest.detail : t;
  return { type: problemType(code), title: t, status, code, ...rest, message, error: code };
}

export function sendProblem(reply: FastifyReply, input: ProblemInput): FastifyReply {
  const body = problem(input);
  return reply.code(body.status).type(PROBLEM_CONTENT_TYPE).send(body);
}
