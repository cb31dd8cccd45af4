// Page columns without the search vector (it is large and never leaves the database).
import { getTableColumns } from 'drizzle-orm';
import { pages } from '../../db/schema';

const { searchVector, ...rest } = getTableColumns(pages);
void searchVector;

export const pageColumns = rest;
export type PageData = Omit<typeof pages.$inferSelect, 'searchVector'>;
