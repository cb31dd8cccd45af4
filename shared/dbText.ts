// ShowDoc's database layer hands every column out as text (PDO::ATTR_STRINGIFY_FETCHES): ids, types,
// flags and orders reach its clients as "12", "1", and its web client compares them with === (item/info's
// default_page_id against the menu's page_id). Quire's ShowDoc answers do the same (showdoc-behaviour
// §1.3): a shared/api endpoint declares its answer as `AsShowDoc<Shape, Computed>` (the shape's numbers
// under numeric keys are text on the wire, except the keys ShowDoc computes rather than fetches),
// presenters build the rows with `fetched()` (server/presenters/fetched.ts), and Quire's own client turns
// the text back into numbers once, in its API layer (`numbered` in client/src/api/http.ts callAction):
// its screens read the Shape, numbers and all.

/** A number as ShowDoc's database layer hands it out: its decimal text ("12"). */
export type DbNum = `${number}`;

/** A row as ShowDoc fetches it: its numbers as text. */
export type Fetched<T> = { [K in keyof T]: T[K] extends number ? DbNum : T[K] };

/**
 * The keys whose text the client reads back as a number: ids, item types, flags, orders, counters.
 * The type and the pattern say the same (shared/dbText.test.ts); a DbNum under any other key stays text.
 */
export type NumericKey =
  | 'id'
  | 'uid'
  | `${string}_id`
  | `${string}_uid`
  | `${string}_id${number}`
  | `is_${string}`
  | 'item_type'
  | 'groupid'
  | 'level'
  | 's_number'
  | 'allow_comment'
  | 'allow_feedback'
  | 'visit_times'
  | 'view_times'
  | 'file_size'
  | 'lock'
  | 'expire_time';
const NUMERIC_KEY = /^(?:id|uid|.+_id|.+_uid|.+_id\d+|is_.+|item_type|groupid|level|s_number|allow_comment|allow_feedback|visit_times|view_times|file_size|lock|expire_time)$/;
/** a database number's text; longer ones (32-hex job ids are never all digits, but a long id would lose digits) stay text */
const NUMBER_TEXT = /^-?\d{1,15}$/;

export const isNumericKey = (key: string) => NUMERIC_KEY.test(key);

// distributive: an optional field keeps its `undefined`
type NumberAsText<V> = V extends number ? DbNum : V;
type TextAsNumber<V> = V extends DbNum ? number : V;

/**
 * A shape as ShowDoc sends it: numbers under numeric keys are text, except under `Computed` keys
 * (values ShowDoc computes in PHP — rights, counts, its own flags — which stay numbers).
 */
export type AsShowDoc<T, Computed extends string = never> = T extends readonly (infer U)[]
  ? AsShowDoc<U, Computed>[]
  : T extends object
    ? {
        [K in keyof T]: K extends Computed
          ? T[K]
          : K extends NumericKey
            ? NonNullable<T[K]> extends number
              ? NumberAsText<T[K]>
              : AsShowDoc<T[K], Computed>
            : AsShowDoc<T[K], Computed>;
      }
    : T;

/** An answer as Quire's client reads it (the inverse of AsShowDoc): the DbNum text under a numeric key is a number. */
export type Numbered<T> = T extends DbNum
  ? T
  : T extends readonly (infer U)[]
    ? Numbered<U>[]
    : T extends object
      ? { [K in keyof T]: K extends NumericKey ? (NonNullable<T[K]> extends DbNum ? TextAsNumber<T[K]> : Numbered<T[K]>) : Numbered<T[K]> }
      : T;

/** Reads a ShowDoc answer the Numbered way (in place: the value is fresh from JSON.parse). */
export function numbered<T>(value: T): Numbered<T> {
  walk(value);
  return value as Numbered<T>;
}

function walk(v: unknown): void {
  if (Array.isArray(v)) {
    for (const x of v) walk(x);
    return;
  }
  if (!v || typeof v !== 'object') return;
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const x = o[k];
    if (typeof x === 'string') {
      if (NUMBER_TEXT.test(x) && NUMERIC_KEY.test(k)) o[k] = Number(x);
    } else if (x && typeof x === 'object') walk(x);
  }
}
