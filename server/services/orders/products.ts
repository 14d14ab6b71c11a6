import type { PlanDefinition, PlanFeatures } from '../../../db/queries/plans';
import type { Fees, PricingMap } from '../../../db/queries/settings';
import type { OrderPlan, OrderService } from '../../../db/schema';
import type { PriceDto, PriceListDto } from '../../../openapi/schemas/orders';

/** docs/DECISIONS.md: the ESTA checkout price is the pricing map's ESTA value less the $22 government fee. */
export const ESTA_CHECKOUT_DEDUCTION = 22;

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
}

export const cents = (dollars: number) => Math.round(dollars * 100);

/** The service fee of a product in cents, from the pricing map (the one source of prices). */
export function serviceFeeOf(product: Product, table: Pick<PriceTable, 'pricing' | 'fees'>): number {
  if (isPackage(product)) return cents(table.pricing[PACKAGE_PRICE[product]]);
  if (product === 'esta') return cents(Math.max(0, table.pricing.ESTA - ESTA_CHECKOUT_DEDUCTION));
  return cents(table.fees.completionFee);
}

export function governmentFeeOf(service: OrderService, table: Pick<PriceTable, 'fees'>): number {
  return cents(service === 'ESTA' ? table.fees.estaGovernmentFee : table.fees.ds160GovernmentFee);
}

/** The service a product is bought for: the ESTA, or a DS-160 (the packages; the pre-assessment's review by default). */
export const serviceOf = (product: Product): OrderService => (product === 'esta' ? 'ESTA' : 'DS-160');

/**
 * The whole price of a product, less what the lead already paid for a lower package: the same parts on every
 * screen, and the card is charged `total`.
 */
export function priceOf(product: Product, table: Pick<PriceTable, 'pricing' | 'fees'>, credit = 0, service: OrderService = serviceOf(product)): PriceDto {
  const serviceFee = serviceFeeOf(product, table);
  const applied = Math.min(credit, serviceFee);
  const processingFee = cents(table.fees.processingFee);
  const total = serviceFee - applied + processingFee;
  // The pre-assessment's review is for the document its answers chose: an ESTA's government fee, or a visa's.
  const governmentFee = governmentFeeOf(service, table);
  return { serviceFee, credit: applied, processingFee, total, governmentFee, outOfPocket: total + governmentFee };
}

/** GET /api/prices: every product at today's prices. */
export function priceList(table: Pick<PriceTable, 'pricing' | 'fees'>): PriceListDto {
  return Object.fromEntries(PRODUCTS.map((product) => [product, priceOf(product, table)])) as PriceListDto;
}

export function featuresOf(product: Product, table: PriceTable): PlanFeatures {
  if (!isPackage(product)) return FIXED_FEATURES[product];
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
  return aliases[w] ?? null;
}
