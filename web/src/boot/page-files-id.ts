/**
 * The id of the data block in which the server names a first page's files (ADR 0033, ./page-files.ts). The build
 * writes it into page-preloads.json, from which the server takes it.
 */
export const PAGE_FILES_ID = 'orders-page-files';
