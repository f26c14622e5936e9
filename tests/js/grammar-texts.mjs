// The table of texts a reader might type for a list of hidden widths or for a number, good and
// bad: cli-grammar.test.mjs feeds it to the core's bindings and to the CLI; a test of the page's
// fields can feed it to the page. (Not a test file: node --test picks only *.test.mjs.)
export const TEXTS = [
  '64,64',
  ' 8 ',
  '8, 16',
  '4x3',
  '4X2',
  '2,3x2',
  '512',
  '1x16',
  '64x64', // 64 layers of 64: more than the limit
  '64×64', // the multiplication sign is not the grammar's x
  '1e1',
  '0',
  '-3',
  '+8',
  '',
  '64x',
  'x8',
  '8x0',
  '8,,8',
  '8,',
  '513',
  '0x10',
  '8,0x8',
  '4x17',
  '1x999999999',
  '1x9999999999',
  '99999999999',
  'nan',
  'inf',
  '8.5',
  '8,5',
  '0,3',
  '.5',
  '1e-3',
  '８', // a full-width digit
  '8\n8', // a control character must not break the one-line message
  '9'.repeat(100),
];
