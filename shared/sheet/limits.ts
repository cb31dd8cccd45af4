// Limits of spreadsheet items and their xlsx import (refused with a message, nothing changed).
/** the uploaded .xlsx file */
export const XLSX_MAX_BYTES = 20 * 1024 * 1024;
/** all parts of the .xlsx unpacked (a zip bomb declares or reaches far more) */
export const XLSX_MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;
/** a part may unpack to at most this many times its packed size (once it is over 1 MB unpacked) */
export const XLSX_MAX_RATIO = 100;
export const XLSX_MAX_PARTS = 10_000;
export const SHEET_MAX_ROWS = 50_000;
export const SHEET_MAX_COLS = 1_000;
export const WORKBOOK_MAX_SHEETS = 100;
export const WORKBOOK_MAX_CELLS = 500_000;
