import type { Plugin } from 'vite';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

export function compileMessage(key: string, text: string): string | MessageFormatElement[];
export function compileCatalogue(source: string, id?: string): Record<string, string | MessageFormatElement[]>;
export function compileMessages(): Plugin;
/** `virtual:first-paint-messages`: the first paint's messages in every catalogue language (ADR 0032). */
export function firstPaintMessages(keys: readonly string[]): Plugin;
