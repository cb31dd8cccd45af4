// Page columns without the search vector (it is large and never leaves the database).
export { pageColumns, type PageData } from '../../db/repos/pages';
