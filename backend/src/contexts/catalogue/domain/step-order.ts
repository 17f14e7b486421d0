import { InvalidCourseError } from './catalogue.errors.js';
import type { ContentItem } from './content-item.js';

/** Numbers the live steps 1..n in their order, without gaps or duplicates. */
export function renumber(items: ContentItem[]): void {
  items.forEach((item, index) => (item.order = index + 1));
}

/** The items in the order of `ids`, which must name each of them exactly once. */
export function permutation<T extends ContentItem>(items: T[], ids: number[], field: string): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const ordered = ids.map((id) => byId.get(id));
  if (ids.length !== items.length || new Set(ids).size !== ids.length || ordered.some((item) => !item)) {
    throw new InvalidCourseError('Le nouvel ordre doit citer chaque élément une fois et une seule.', field);
  }
  return ordered as T[];
}

/** The item at 1-based `order`, the one there at the item's former place. */
export function swapInto<T extends ContentItem>(items: T[], item: T, order: number): T[] {
  if (!Number.isInteger(order) || order < 1 || order > items.length) {
    throw new InvalidCourseError(`La position doit être comprise entre 1 et ${items.length}.`, 'order');
  }
  const result = [...items];
  const from = result.indexOf(item);
  [result[from], result[order - 1]] = [result[order - 1], result[from]];
  return result;
}
