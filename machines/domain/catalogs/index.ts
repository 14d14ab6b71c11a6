// The three question-by-question catalogs, keyed by id.

import type { Catalog } from '../questions';
import { ds160Catalog } from './ds160';
import { estaCatalog } from './esta';
import { preassessmentCatalog } from './preassessment';

export { ds160Catalog, estaCatalog, preassessmentCatalog };

export type CatalogId = Catalog['id'];

export const CATALOGS: Readonly<Record<CatalogId, Catalog>> = {
  ds160: ds160Catalog,
  esta: estaCatalog,
  preassessment: preassessmentCatalog,
};

export function isCatalogId(value: unknown): value is CatalogId {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(CATALOGS, value);
}

/** The catalog with this id, or undefined for an unknown id. */
export function getCatalog(id: CatalogId): Catalog;
export function getCatalog(id: string): Catalog | undefined;
export function getCatalog(id: string): Catalog | undefined {
  return isCatalogId(id) ? CATALOGS[id] : undefined;
}
