import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shortName } from './class-intake.js';
import { csvCell, loginBaseFor, parseRoster, toCsv } from './roster.js';

describe('parseRoster', () => {
  it('reads comma and semicolon files, with or without BOM and header, CRLF or LF, quoted cells', () => {
    for (const text of ['name,grade,letter\nОлена Петренко,7,Б\n', '\uFEFFname;grade;letter\r\nОлена Петренко;7;Б\r\n', 'Олена Петренко;7;б', '"Олена Петренко",7,Б']) {
      const { rows, errors } = parseRoster(text);
      expect(errors, text).toEqual([]);
      expect(rows, text).toEqual([{ line: expect.any(Number), name: 'Олена Петренко', grade: 7, letter: 'Б', login: null }]);
    }
    expect(parseRoster('"Шевченко; Тарас";8;В;taras').rows[0]).toMatchObject({ name: 'Шевченко; Тарас', login: 'taras' });
  });

  it('takes Latin look-alike letters for Cyrillic class letters', () => {
    expect(parseRoster('A,7,A\nB,7,B\nC,7,c').rows.map((r) => r.letter)).toEqual(['А', 'В', 'С']);
  });

  it('reports each problem with the line it is on, and lists every line for the preview', () => {
    const result = parseRoster('name,grade,letter\nok,7,Б\n\n"two\nlines",0,Б\nx,7,Б,a b');
    expect(result.errors).toEqual([
      { line: 4, field: 'grade', message: 'rosterImport.error.grade' },
      { line: 6, field: 'login', message: 'rosterImport.error.login' },
    ]);
    expect(result.lines.map((l) => [l.line, l.problems.length])).toEqual([
      [2, 0],
      [4, 1],
      [6, 1],
    ]);
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const result = parseRoster(text);
        expect(result.rows.length + result.errors.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('loginBaseFor', () => {
  it('transliterates by the Ukrainian 2010 national table', () => {
    expect(loginBaseFor('Згурський Юрій')).toBe('zghurskyi.yurii');
    expect(loginBaseFor('Єлизавета Їжакевич')).toBe('yelyzaveta.yizhakevych');
    expect(loginBaseFor('Марія-Олена Щербак')).toBe('mariia-olena.shcherbak');
    expect(loginBaseFor('Марʼяна Пʼятничко')).toBe('mariana.piatnychko');
    expect(loginBaseFor('John O’Neil')).toBe('john.oneil');
  });

  it('keeps only what a login may hold, and never gives an empty one', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect(loginBaseFor(name)).toMatch(/^[a-z0-9][a-z0-9.-]{0,59}$/);
      }),
    );
    expect(loginBaseFor('😀 ✓')).toBe('student');
  });
});

describe('csvCell / toCsv', () => {
  it('never starts a cell with a formula character, whatever the value', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('=', '+', '-', '@', '\t', '\r', ''), (text, lead) => {
        const cell = csvCell(lead + text);
        const inner = cell.startsWith('"') ? cell.slice(1) : cell;
        expect(inner).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
    expect(csvCell("=cmd|' /C calc'!A0")).toBe(`"'=cmd|' /C calc'!A0"`);
    expect(toCsv([['a', 'b,c']])).toBe('\uFEFFa,"b,c"\r\n');
  });
});

describe('shortName', () => {
  it('is the first name and the initial of the last word', () => {
    expect(shortName('Олена Петренко')).toBe('Олена П.');
    expect(shortName('  Taras  Shevchenko-Kovalenko ')).toBe('Taras S.');
    expect(shortName('Mononym')).toBe('Mononym');
    expect(shortName('ілля ярош')).toBe('ілля Я.');
  });
});
