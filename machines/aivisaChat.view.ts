// The advanced chat's view (/aivisa): what its page shows, read off the machine's state. Its page still starts the
// machine itself (issue 46: the three chats become one machine through the door); what it renders comes from here.
import type { SnapshotFrom } from 'xstate';
import { aivisaChatMachine } from './aivisaChat.machine';

export { AIVISA_SESSION_KEY, aivisaChatMachine, type ChatLine, type StateUpdate } from './aivisaChat.machine';

type AivisaSnapshot = SnapshotFrom<typeof aivisaChatMachine>;

/** What the page shows, read off the machine's state. */
export const aivisaView = {
  /** Nothing can be sent until the application is paid for. */
  locked: (s: AivisaSnapshot) => s.matches({ idle: 'locked' }),
  paywallOpen: (s: AivisaSnapshot) => s.matches({ idle: { locked: 'open' } }),
  /** The plans the paywall offers: the ESTA service when the chat recommended an ESTA, the DS-160 packages otherwise. */
  planKind: (s: AivisaSnapshot): 'esta' | 'ds160' => (s.context.application.collected.product_recommendation === 'ESTA' ? 'esta' : 'ds160'),
  /** Waiting for the assistant, or leaving for the checkout (a plan chosen): nothing else can be pressed. */
  busy: (s: AivisaSnapshot) => s.hasTag('busy') || s.status === 'done',
  /** The composer's Send: words typed (not only spaces), nothing under way, the chat not locked (the machine's guard). */
  canSend: (s: AivisaSnapshot) => s.can({ type: 'SEND' }),
};
