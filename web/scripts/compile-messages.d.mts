import type { Plugin } from 'vite';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

export function compileMessage(key: string, text: string): string | MessageFormatElement[];
export function compileCatalogue(source: string, id?: string): Record<string, string | MessageFormatElement[]>;
export function compileMessages(): Plugin;
