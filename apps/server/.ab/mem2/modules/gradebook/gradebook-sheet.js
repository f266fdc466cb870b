import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
/** The spreadsheet's words in the teacher's language. */
export const SHEET_LABELS = {
    en: { student: 'Student', points: 'Points', solved: 'Solved', states: { incorrect: 'incorrect', waiting: 'waiting' }, sheet: 'Gradebook' },
    uk: { student: 'Учень', points: 'Бали', solved: 'Розв’язано', states: { incorrect: 'неправильно', waiting: 'чекає' }, sheet: 'Журнал' },
};
/**
 * A text a spreadsheet would run as a formula (=, +, -, @, or a tab/CR that some readers strip
 * first) gets a leading apostrophe: a student named "=HYPERLINK(…)" stays a name (OWASP CSV injection).
 */
export function safeCellText(text) {
    return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
/**
 * The matrix as rows: a header (student, each task's title, points, solved), then one row per
 * student: a correct task shows the points it earned, an incorrect or waiting one the word for it,
 * an unanswered one nothing; then the student's total points and solved count.
 */
export function sheetRows(book, language) {
    const words = SHEET_LABELS[language];
    const rows = [[words.student, ...book.tasks.map((t) => t.title), words.points, words.solved]];
    const width = book.tasks.length;
    const height = book.students.length;
    book.students.forEach((student, s) => {
        const row = [student.name];
        let points = 0;
        let solved = 0;
        for (let t = 0; t < width; t++) {
            const cell = book.cells[t * height + s];
            if (cell.state === 'correct') {
                row.push(cell.points);
                points += cell.points;
                solved += 1;
            }
            else
                row.push(cell.state === 'none' ? '' : words.states[cell.state]);
        }
        row.push(points, solved);
        rows.push(row);
    });
    return rows;
}
/**
 * CSV for Excel: UTF-8 with a BOM (so Cyrillic names show), CRLF lines, every text cell
 * formula-safe. In Ukrainian the separator is ';', what Excel expects where the decimal mark is a
 * comma (issue 49). A cell holding `,`, `;`, a quote or a line break is quoted whatever the
 * separator: csv-stringify quotes only for its own, and `Olga;=1+1` became a second cell holding a
 * formula in a Ukrainian Excel (issue 50).
 */
export function gradebookCsv(book, language) {
    const rows = sheetRows(book, language).map((row) => row.map((v) => (typeof v === 'string' ? safeCellText(v) : v)));
    return Buffer.from(stringify(rows, { bom: true, record_delimiter: 'windows', delimiter: language === 'uk' ? ';' : ',', quoted_match: /[,;"\r\n]/ }), 'utf8');
}
const FILLS = { correct: 'FFD9F2D9', incorrect: 'FFF8D7DA', waiting: 'FFFFF3CD' };
/** The same rows as an .xlsx workbook: bold frozen header row and name column, a tint per state. */
export async function gradebookXlsx(book, language) {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(SHEET_LABELS[language].sheet, { views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }] });
    const rows = sheetRows(book, language);
    sheet.addRows(rows);
    sheet.getRow(1).font = { bold: true };
    sheet.getColumn(1).width = 28;
    const width = book.tasks.length;
    const height = book.students.length;
    for (let s = 0; s < book.students.length; s++) {
        const row = sheet.getRow(s + 2);
        for (let t = 0; t < width; t++) {
            const argb = FILLS[book.cells[t * height + s].state];
            if (argb)
                row.getCell(t + 2).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb } };
        }
    }
    return Buffer.from(await workbook.xlsx.writeBuffer());
}
//# sourceMappingURL=gradebook-sheet.js.map