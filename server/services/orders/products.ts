import type { PlanDefinition, PlanFeatures } from '../../../db/queries/plans';
import type { Fees, PricingMap } from '../../../db/queries/settings';
import type { OrderPlan, OrderService } from '../../../db/schema';
import { feesInForce, lineOf, totalOf, type FeeApplicant, type GovernmentFee } from '../../../machines/domain/governmentFees';
import type { PriceDto, PriceListDto } from '../../../openapi/schemas/orders';
import { ownEntry } from '../../../machines/domain/ownEntry';

/** What an order buys; a group's payment ('group') is the charge for its lines, not a product. */
export type Product = Exclude<OrderPlan, 'group'>;

/** The product of an order that buys one: a group's payment never reaches the places that ask. */
export function productOf(plan: OrderPlan): Product {
  if (plan === 'group') throw new Error("A group's payment is not a product; its lines are");
  return plan;
}
export type PackageId = PlanDefinition['id'];

export const PACKAGES: readonly PackageId[] = ['basic', 'pro', 'premium'];
export const PRODUCTS: readonly Product[] = [...PACKAGES, 'esta', 'completion'];
/** The one plan-to-price map: which entry of the admin's pricing map prices each package. */
const PACKAGE_PRICE: Record<PackageId, keyof PricingMap> = { basic: 'DS160_BASIC', pro: 'DS160_PRO', premium: 'DS160_PREMIUM' };

export const isPackage = (product: string): product is PackageId => (PACKAGES as readonly string[]).includes(product);

/**
 * What the ESTA service and the pre-assessment review include, in the packages' six flags: the ESTA card's
 * lines (assistance, eligibility check, review, 24/7 support), and the review's approval analysis.
 */
const FIXED_FEATURES: Record<'esta' | 'completion', PlanFeatures> = {
  esta: { wizardAccess: true, estaCheck: true, aiAnalysis: false, documentReview: true, interviewPrep: false, prioritySupport: true },
  completion: { wizardAccess: true, estaCheck: true, aiAnalysis: true, documentReview: false, interviewPrep: false, prioritySupport: false },
};

export interface PriceTable {
  pricing: PricingMap;
  fees: Fees;
  packages: readonly PlanDefinition[];
  /** The government's fees, every row of the dated schedule. */
  schedule: readonly GovernmentFee[];
  /** The day (UTC) the prices are for: the government fees in force that day. */
  day: string;
}

/** What a price needs: our prices, and the government's fees of the day. */
export type PricingTable = Pick<PriceTable, 'pricing' | 'fees' | 'schedule' | 'day'>;

export const cents = (dollars: number) => Math.round(dollars * 100);

/** The service fee of a product in cents, from the pricing map (the one source of prices; the ESTA entry is ours whole). */
export function serviceFeeOf(product: Product, table: Pick<PriceTable, 'pricing' | 'fees'>): number {
  if (isPackage(product)) return cents(table.pricing[PACKAGE_PRICE[product]]);
  if (product === 'esta') return cents(table.pricing.ESTA);
  return cents(table.fees.completionFee);
}

/** The service a product is bought for: the ESTA, or a DS-160 (the packages; the pre-assessment's review by default). */
export const serviceOf = (product: Product): OrderService => (product === 'esta' ? 'ESTA' : 'DS-160');

/**
 * Whom a price's government fees are for when nothing says more: the ESTA, or a visitor visa (B), the class of
 * most DS-160 applicants. A lead's own purpose decides otherwise (machines/domain/visaClass.ts).
 */
export const defaultApplicant = (service: OrderService): FeeApplicant => (service === 'ESTA' ? 'ESTA' : 'B');

/**
 * The whole price of a product, less what the lead already paid for a lower package: the same parts on every
 * screen, and the card is charged `total`. The government fees are the ones in force on the table's day for the
 * applicant's visa class (or the ESTA), each with its source.
 */
export function priceOf(product: Product, table: PricingTable, credit = 0, applicant: FeeApplicant = defaultApplicant(serviceOf(product))): PriceDto {
  const serviceFee = serviceFeeOf(product, table);
  const applied = Math.min(credit, serviceFee);
  const processingFee = cents(table.fees.processingFee);
  const total = serviceFee - applied + processingFee;
  // The pre-assessment's review is for the document its answers chose: an ESTA's government fees, or a visa's.
  const governmentFees = feesInForce(table.schedule, table.day, applicant).map(lineOf);
  const governmentFee = totalOf(governmentFees);
  return { serviceFee, credit: applied, processingFee, total, governmentFee, outOfPocket: total + governmentFee, visaClass: applicant, governmentFees };
}

/** GET /api/prices: every product at today's prices (a DS-160's for a visitor visa, B). */
export function priceList(table: PricingTable): PriceListDto {
  return Object.fromEntries(PRODUCTS.map((product) => [product, priceOf(product, table)])) as PriceListDto;
}

export function featuresOf(product: Product, table: PriceTable): PlanFeatures {
  if (!isPackage(product)) {
    const fixed = ownEntry(FIXED_FEATURES, product);
    if (!fixed) throw new Error(`No plan row for ${product}`);
    return fixed;
  }
  const found = table.packages.find((p) => p.id === product);
  if (!found) throw new Error(`No plan row for ${product}`);
  return found.features;
}

/** Spec 1-core §3 Plan: `price` in cents, built from the pricing map. */
export function plansOf(table: PriceTable) {
  return table.packages.map((plan) => ({ id: plan.id, name: plan.name, price: serviceFeeOf(plan.id, table), features: plan.features }));
}

/**
 * A link's plan word, as the chats and older pages write it: the chats call premium "Elite" and basic "Básico"
 * (spec 1-core §9, 3-ai §2.4). Anything else is not a plan.
 */
export function productFromWord(word: string): Product | null {
  const w = word.trim().toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  const aliases: Record<string, Product> = {
    basic: 'basic',
    basico: 'basic',
    pro: 'pro',
    premium: 'premium',
    elite: 'premium',
    esta: 'esta',
    completion: 'completion',
  };
  return ownEntry(aliases, w) ?? null;
}
