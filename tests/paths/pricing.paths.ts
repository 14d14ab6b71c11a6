import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { pricingCalls } from '../../client/api/actors/pricing';
import { pricingMachine, type PricingData } from '../../machines/pricing.machine';
import { PLAN_DEFINITIONS } from '../../db/queries/plans';
import { SHIPPED_SETTINGS } from '../fixtures/settings';
import { modelPrice } from './startChoice';
import { effectsOf, lastCall, lastHeld, type PathModel, type Snap, type World } from './model';

// /pricing (spec 1-core §2.4) against the real plans, prices and purchase routes.

const { pricing, fees } = SHIPPED_SETTINGS;
/** The one price story the spec and docs/DECISIONS.md state, from the seeded map: what every card must show. */
const STORY = {
  basic: modelPrice(pricing.DS160_BASIC, fees.processingFee, 'B'),
  pro: modelPrice(pricing.DS160_PRO, fees.processingFee, 'B'),
  premium: modelPrice(pricing.DS160_PREMIUM, fees.processingFee, 'B'),
  esta: modelPrice(pricing.ESTA, fees.processingFee, 'ESTA'),
  completion: modelPrice(fees.completionFee, fees.processingFee, 'B'),
};

const MODEL_DATA: PricingData = {
  plans: PLAN_DEFINITIONS.map((p) => ({ id: p.id, name: p.name, price: 0, features: p.features })),
  prices: STORY,
};

const arrivedWithData = (world: World) => (world.input as { data?: PricingData } | undefined)?.data !== undefined;

const purchases = (world: World) => world.events.filter((e) => e.type === 'xstate.done.actor.purchasePackage' || e.type === 'xstate.error.actor.purchasePackage');

function events(s: Snap): AnyEventObject[] {
  if (s.matches('loading')) {
    return [
      { type: 'xstate.done.actor.fetchPricing', output: MODEL_DATA },
      { type: 'xstate.error.actor.fetchPricing', error: 'network' },
    ];
  }
  if (s.matches('failed')) return [{ type: 'RETRY' }, { type: 'PURCHASE', planId: 'pro' }];
  if (s.matches({ ready: 'purchasing' })) {
    return [
      { type: 'xstate.done.actor.purchasePackage', output: { checkoutUrl: `/checkout?plan=${s.context.planId}` } },
      { type: 'xstate.error.actor.purchasePackage', error: 'network' },
      // The page disables every Purchase button while one runs; the machine ignores a second anyway.
      { type: 'PURCHASE', planId: 'basic' },
    ];
  }
  // 'gold' is no plan: nothing on the page sends it, and the machine refuses it.
  return [{ type: 'PURCHASE', planId: 'premium' }, { type: 'PURCHASE', planId: 'basic' }, { type: 'PURCHASE', planId: 'gold' }, { type: 'RETRY' }];
}

export const pricingPaths: PathModel = {
  machine: pricingMachine,
  budget: 22,
  // What a person does after a failure, whatever the transition cover picks (issue 46 item 2).
  required: [
    {
      name: 'the prices not loaded, then Try again, then shown',
      through: [(e) => e.type === 'xstate.error.actor.fetchPricing', (e) => e.type === 'RETRY', (e) => e.type === 'xstate.done.actor.fetchPricing'],
    },
    {
      name: 'a purchase lost, then bought again',
      through: [(e) => e.type === 'xstate.error.actor.purchasePackage', (e) => e.type === 'PURCHASE', (e) => e.type === 'xstate.done.actor.purchasePackage'],
    },
  ],
  calls: pricingCalls,
  abstraction: (s) => ({ value: s.value, planId: s.context.planId }),
  cases: [
    { name: 'the pricing page', input: {}, events },
    // Rendered by the server with the plans (client/prerender.tsx): the page opens on them and asks for nothing.
    { name: 'the pricing page as the server rendered it', input: { data: MODEL_DATA }, events },
  ],
  oracle: {
    initial: (s, world) => {
      const given = arrivedWithData(world);
      expect(s.value).toEqual(given ? { ready: 'idle' } : 'loading');
      expect(s.hasTag('busy')).toBe(!given);
      expect(s.context.data).toEqual(given ? MODEL_DATA : null);
      expect(world.held.map((c) => c.name)).toEqual(given ? [] : ['fetchPricing']);
    },
    step: ({ after, world, event, started }) => {
      // Loading, purchasing, or leaving to pay: the buttons wait.
      expect(after.hasTag('busy')).toBe(after.matches('loading') || after.matches({ ready: 'purchasing' }) || after.status === 'done');
      // A purchase starts only from a Purchase button of a listed plan, for that plan, and never while one runs.
      const starts = event.type === 'PURCHASE' && ['basic', 'pro', 'premium'].includes(event.planId) && world.events.at(-2)?.type !== 'PURCHASE';
      expect(started.filter((h) => h.name === 'purchasePackage').map((h) => h.input)).toEqual(starts && after.matches({ ready: 'purchasing' }) ? [{ planId: event.planId }] : []);
      // 'Failed to purchase package' once per failed purchase, never otherwise.
      const failed = purchases(world).filter((e) => e.type.startsWith('xstate.error.')).length;
      expect(effectsOf(world, 'toast').map((e) => e.params.toast)).toEqual(
        Array.from({ length: failed }, () => ({ title: 'commerce:toast.purchaseFailed.title', description: 'commerce:toast.purchaseFailed.description', variant: 'destructive' })),
      );
      // The page is left only for the checkout the server named.
      expect(effectsOf(world, 'navigate')).toHaveLength(after.status === 'done' ? 1 : 0);
      if (event.type === 'PURCHASE' && !['basic', 'pro', 'premium'].includes(event.planId)) expect(after.matches({ ready: 'purchasing' })).toBe(false);
    },
    states: {
      ready: (s, world) => {
        if (arrivedWithData(world) && !lastCall(world, 'GET', '/api/subscription/plans')) {
          // Arrived with the server's data: the cards show it as it was given.
          expect(s.context.data).toEqual((world.input as { data: PricingData }).data);
          return;
        }
        // The cards show what the server answers: the plans in cents, and every price story as GET /api/prices
        // states it, which is the spec's arithmetic on the seeded map (the ESTA: $77 + $2.99 + $40 = $119.99).
        const plans = lastCall(world, 'GET', '/api/subscription/plans');
        const prices = lastCall(world, 'GET', '/api/prices');
        expect([plans?.status, prices?.status]).toEqual([200, 200]);
        expect(s.context.data).toEqual({ plans: plans?.response, prices: prices?.response });
        expect(s.context.data.prices).toEqual(STORY);
        expect(s.context.data.prices.esta.outOfPocket).toBe(11999);
        // A card's package price is the price story's service fee.
        for (const plan of s.context.data.plans) expect(plan.price).toBe(STORY[plan.id as 'basic'].serviceFee);
      },
      'ready.purchasing': (s, world) => {
        expect(lastHeld(world, 'purchasePackage')?.input).toEqual({ planId: s.context.planId });
        expect(s.hasTag('busy')).toBe(true);
      },
      failed: (s, world) => {
        expect(lastHeld(world, 'fetchPricing')?.verdict).toBe('dropped');
        expect(s.can({ type: 'PURCHASE', planId: 'pro' })).toBe(false);
      },
      checkout: (s, world) => {
        const answer = lastCall(world, 'POST', '/api/packages/purchase');
        expect(answer?.status).toBe(200);
        const to = effectsOf(world, 'navigate').map((e) => e.params.to);
        expect(to).toEqual([(answer?.response as { checkoutUrl: string }).checkoutUrl]);
        expect(to).toEqual([`/checkout?plan=${s.context.planId}`]);
      },
    },
  },
};
