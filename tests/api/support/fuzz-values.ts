/**
 * The bad values the fuzz suite sends. Each is raw JSON text, so that values JSON.stringify cannot
 * make (1e400, a number past 2^64) travel as a client could send them.
 */
export interface BadValue {
  label: string;
  json: string;
  /** Refused by every field of every route, so that a batch of them must leave every row alone. */
  refused?: boolean;
}

const MB_STRING = 'x'.repeat(1_000_000);
const text = (label: string, value: string, refused?: boolean): BadValue => ({
  label,
  json: JSON.stringify(value),
  refused,
});

/** Put in place of one field at a time. */
export const FIELD_VALUES: BadValue[] = [
  { label: 'true', json: 'true', refused: true },
  { label: 'null', json: 'null' },
  { label: 'lista', json: '["x",1]', refused: true },
  { label: 'objeto', json: '{"id":1,"name":"x"}', refused: true },
  text('1 MB', MB_STRING),
  text('NUL e controle', 'a\u0000b\u0007\u001b[31m', true),
  text('surrogate sozinho', 'meio \ud800 fim', true),
  text('emoji e RTL', '😀👩‍👩‍👧 \u202Eمرحبا עברית'),
  { label: 'int4 + 1', json: '2147483648' },
  { label: 'negativo além do int4', json: '-2147483649' },
  { label: '1e400', json: '1e400' },
  text('data impossível', '2023-02-29'),
  text('SQL e LIKE', "'; drop table users; -- %_\\"),
];

/** Multipart sends only text: the values whose text a form could carry. */
export const MULTIPART_VALUES: BadValue[] = [text('NUL', 'a\u0000b', true), text('int4 + 1 em texto', '2147483648')];

export interface BodyAttack {
  label: string;
  /** A body some route takes as it is (nothing, or only unknown fields, is a valid update). */
  accepted?: boolean;
  contentType?: string;
  body?: string;
}

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** Whole bodies that are wrong as a whole, sent to every route that takes a body. */
export const BODY_ATTACKS: BodyAttack[] = [
  { label: 'sem corpo', accepted: true },
  { label: 'JSON vazio', contentType: 'application/json', body: '' },
  { label: 'JSON malformado', contentType: 'application/json', body: '{"name": "x",' },
  { label: 'JSON truncado', contentType: 'application/json', body: '{"a":}' },
  { label: 'JSON null', contentType: 'application/json', body: 'null' },
  { label: 'JSON número', contentType: 'application/json', body: '42' },
  { label: 'JSON texto', contentType: 'application/json', body: '"texto"' },
  { label: 'JSON lista', contentType: 'application/json', body: '[{"id":1}]' },
  { label: 'JSON muito aninhado', contentType: 'application/json', body: nested(50_000) },
  {
    label: 'JSON __proto__',
    contentType: 'application/json',
    body: '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}',
  },
  {
    label: 'campo desconhecido',
    accepted: true,
    contentType: 'application/json',
    body: '{"campo_que_nao_existe":"x","id":999}',
  },
  {
    label: 'JSON acima do limite',
    contentType: 'application/json',
    body: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
  },
  { label: 'text/plain', contentType: 'text/plain', body: 'name=x' },
  { label: 'urlencoded', contentType: 'application/x-www-form-urlencoded', body: 'name=x&id=1' },
  { label: 'XML', contentType: 'application/xml', body: '<name>x</name>' },
  { label: 'JSON em UTF-16', contentType: 'application/json; charset=utf-16', body: '{"name":"x"}' },
  { label: 'multipart sem boundary', contentType: 'multipart/form-data', body: 'name=x' },
  {
    label: 'multipart truncado',
    contentType: 'multipart/form-data; boundary=XyZ',
    body: '--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nx',
  },
  {
    label: 'multipart __proto__',
    contentType: 'multipart/form-data; boundary=XyZ',
    body: '--XyZ\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--XyZ--\r\n',
  },
];

/** Put in place of one path parameter at a time (already URL-encoded). */
export const BAD_IDS: string[] = [
  '0',
  '2147483648',
  '99999999999999999999',
  'abc',
  '1%00',
  '..%2F..%2Fetc%2Fpasswd',
  '%F0%9F%98%80%E2%80%AE',
  'x'.repeat(600),
];

/** Put in place of one list parameter at a time (already URL-encoded). */
export const QUERY_VALUES: string[] = [
  '-1',
  '1.5',
  'abc',
  '2147483648',
  '1e400',
  '',
  'a%00b',
  '%ZZ',
  '%F0%9F%98%80%E2%80%AE%D8%B9%D8%B1%D8%A8%D9%8A',
  'x'.repeat(3000),
];

export const LIST_PARAMS = ['page', 'perPage', 'search', 'sortBy', 'sortDesc'];
