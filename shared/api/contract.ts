// One declaration per API action, shared by the server (which validates its parameters with it and
// returns its answer type) and the web client (which takes the parameter and answer types from it).
// `shared/api/<controller>.ts` holds a controller's declarations. The web client imports them as
// types only (`import type * as itemApi from '@shared/api/item'`), so zod stays out of its bundle:
// `call<typeof itemApi.info>('item/info', {...})` checks the path, the parameters and the answer.
import { z } from 'zod';

export interface Endpoint<Path extends string = string, Shape extends z.ZodRawShape = z.ZodRawShape, Answer = unknown> {
  /** `<controller>/<action>` as the client calls it */
  readonly path: Path;
  readonly params: z.ZodObject<Shape>;
  /** never set: carries the answer's type for both sides */
  readonly answer?: Answer;
}

/**
 * Declares an action: `endpoint<Answer>()('item/info', { item_id: idOrDomain(), … })`.
 * (Curried so that the answer type is given while the parameter shape is inferred.)
 */
export const endpoint =
  <Answer = unknown>() =>
  <const Path extends string, Shape extends z.ZodRawShape>(path: Path, shape: Shape): Endpoint<Path, Shape, Answer> => ({ path, params: z.object(shape) });

/** What the client sends. */
export type ParamsIn<E extends Endpoint> = z.input<E['params']>;
/** What the server's handler receives after validation. */
export type ParamsOut<E extends Endpoint> = z.output<E['params']>;
/** What the action answers in `data`. */
export type AnswerOf<E extends Endpoint> = NonNullable<E['answer']>;

/** ShowDoc's answer when there is nothing to say: an empty array. */
export type NoData = never[];
