/** The id of the data block in which the server names a first page's files (ADR 0033, ./page-files.ts). */
export const PAGE_FILES_ID = 'orders-page-files';
